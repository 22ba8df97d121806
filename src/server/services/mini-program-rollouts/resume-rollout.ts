import type { Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { changeRolloutState } from './change-rollout-state';

/** A paused rollout runs again from where each authorizer stands. */
export const resumeRollout = (ctx: PlatformContext, input: { provider: Provider; id: string }) =>
  changeRolloutState(ctx, { ...input, action: 'resume', from: ['paused'], to: 'running' });
