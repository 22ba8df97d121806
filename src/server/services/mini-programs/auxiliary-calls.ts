import type { Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { withAuthorizerToken } from './with-authorizer-token';
import { latestCommit } from './latest-commit';

/** docs/product/decisions.md §5 auxiliary calls: thin passes through the authorizer's token, normalized by the adapters. */
export const getVersions = (ctx: PlatformContext, provider: Provider, appId: string) =>
  withAuthorizerToken(ctx, provider, appId, (upstream, token) => upstream.versions(token));

export const getBaseinfo = (ctx: PlatformContext, provider: Provider, appId: string) =>
  withAuthorizerToken(ctx, provider, appId, (upstream, token) => upstream.baseinfo(token));

export async function createExperience(ctx: PlatformContext, provider: Provider, appId: string, path?: string) {
  const commit = await latestCommit(ctx, provider, appId);
  return withAuthorizerToken(ctx, provider, appId, (upstream, token) =>
    upstream.experience(token, { userVersion: commit.userVersion, path }),
  );
}

export const rollbackRelease = (ctx: PlatformContext, provider: Provider, appId: string) =>
  withAuthorizerToken(ctx, provider, appId, async (upstream, token) => {
    await upstream.rollback(token);
    return { rolledBack: true };
  });

export const changeMembers = (
  ctx: PlatformContext,
  provider: Provider,
  appId: string,
  input: { action: 'bind' | 'unbind'; member: string; role?: string },
) => withAuthorizerToken(ctx, provider, appId, (upstream, token) => upstream.members(token, input));
