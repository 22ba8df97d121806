import type { Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { withAuthorizerToken } from './with-authorizer-token';

/** Rolls the live version back to the previous release upstream (docs/product/decisions.md §5). */
export const rollbackRelease = (ctx: PlatformContext, { provider, appId }: { provider: Provider; appId: string }) =>
  withAuthorizerToken(ctx, {
    provider,
    appId,
    call: async (upstream, token) => {
      await upstream.rollback(token);
      return { rolledBack: true };
    },
  });
