import type { Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { changeRolloutState } from './change-rollout-state';

/** Stops claiming new steps; steps in flight finish, audits under review stay followed. */
export const pauseRollout = (ctx: PlatformContext, input: { provider: Provider; id: string }) =>
  changeRolloutState(ctx, { ...input, action: 'pause', from: ['running'], to: 'paused' });
