import { desc, eq } from 'drizzle-orm';
import { mpAuthorizers } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { toAuthorizerDto } from './authorizer-dto';

/** The platform's authorized (and de-authorized) mini programs, newest first. */
export async function listAuthorizers(ctx: PlatformContext) {
  const rows = await ctx.db
    .select()
    .from(mpAuthorizers)
    .where(eq(mpAuthorizers.platformId, ctx.platformId))
    .orderBy(desc(mpAuthorizers.authorizedAt));
  return { object: 'list' as const, data: rows.map(toAuthorizerDto) };
}
