import { and, eq } from 'drizzle-orm';
import { mpAuthorizers } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '../context';

/**
 * The platform's authorizer or 404 (another platform's app is indistinguishable from none). Without a
 * provider (the /authorizers/{appId} paths carry none) any provider matches: app ids do not collide across them.
 */
export async function findAuthorizer(ctx: PlatformContext, { appId, provider }: { appId: string; provider?: string }) {
  const [row] = await ctx.db
    .select()
    .from(mpAuthorizers)
    .where(
      and(
        eq(mpAuthorizers.platformId, ctx.platformId),
        eq(mpAuthorizers.appId, appId),
        provider ? eq(mpAuthorizers.provider, provider) : undefined,
      ),
    );
  if (!row) throw notFound('Authorizer');
  return row;
}
