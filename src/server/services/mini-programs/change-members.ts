import type { Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { withAuthorizerToken } from './with-authorizer-token';

/** Binds or unbinds a trial member of the mini program (docs/product/decisions.md §5). */
export const changeMembers = (
  ctx: PlatformContext,
  {
    provider,
    appId,
    change,
  }: { provider: Provider; appId: string; change: { action: 'bind' | 'unbind'; member: string; role?: string } },
) => withAuthorizerToken(ctx, { provider, appId, call: (upstream, token) => upstream.members(token, change) });
