import { and, eq } from 'drizzle-orm';
import { mpAuthorizers } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { findAuthorizer } from './find-authorizer';

/** Removes the binding and its tokens (docs/product/decisions.md §5: 204). The upstream authorization itself is the seller's to revoke. */
export async function deleteAuthorizer(ctx: PlatformContext, { appId }: { appId: string }) {
  const row = await findAuthorizer(ctx, { appId });
  await ctx.db
    .delete(mpAuthorizers)
    .where(
      and(
        eq(mpAuthorizers.platformId, ctx.platformId),
        eq(mpAuthorizers.provider, row.provider),
        eq(mpAuthorizers.appId, appId),
      ),
    );
}
