import type { Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { withAuthorizerToken } from './with-authorizer-token';

/** The mini program's versions, a thin pass through the authorizer's token (docs/product/decisions.md §5). */
export const getVersions = (ctx: PlatformContext, { provider, appId }: { provider: Provider; appId: string }) =>
  withAuthorizerToken(ctx, { provider, appId, call: (upstream, token) => upstream.versions(token) });
