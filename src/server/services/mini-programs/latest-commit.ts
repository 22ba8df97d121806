import { and, desc, eq } from 'drizzle-orm';
import { mpCommits } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { PlatformContext } from '../context';
import { findAuthorizer } from './find-authorizer';

/** The newest committed version of an authorizer: what submit-audit sends for review. */
export async function latestCommit(ctx: PlatformContext, { provider, appId }: { provider: string; appId: string }) {
  await findAuthorizer(ctx, { appId, provider }); // ownership first: another platform's app is a 404, not a 409
  const [row] = await ctx.db
    .select()
    .from(mpCommits)
    .where(and(eq(mpCommits.platformId, ctx.platformId), eq(mpCommits.provider, provider), eq(mpCommits.appId, appId)))
    .orderBy(desc(mpCommits.createdAt))
    .limit(1);
  if (!row) throw new AppError('conflict', 'Nothing is committed for this mini program yet; commit code first.');
  return row;
}
