import type { Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { latestCommit } from './latest-commit';
import { withAuthorizerToken } from './with-authorizer-token';

/** A trial QR code of the latest committed version (docs/product/decisions.md §5). */
export async function createExperience(
  ctx: PlatformContext,
  { provider, appId, path }: { provider: Provider; appId: string; path?: string },
) {
  const commit = await latestCommit(ctx, { provider, appId });
  return withAuthorizerToken(ctx, {
    provider,
    appId,
    call: (upstream, token) => upstream.experience(token, { userVersion: commit.userVersion, path }),
  });
}
