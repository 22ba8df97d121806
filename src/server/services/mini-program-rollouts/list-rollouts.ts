import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { listRolloutsQuery } from '@/schemas/mini-program-rollouts';
import { miniProgramRollouts, type Provider } from '@/server/db/schema';
import { decodeCursor, pageOf } from '@/server/pagination/cursor';
import type { PlatformContext } from '../context';
import { rolloutDto } from './rollout-dto';

// The cursor carries milliseconds (encodeCursor) and PostgreSQL keeps microseconds: order and compare on the
// same millisecond value, or a row sharing the cursor's millisecond would be skipped.
const createdMs = sql<Date>`date_trunc('milliseconds', ${miniProgramRollouts.createdAt})`;

/** The platform's rollouts of a provider, newest first, a page at a time (keyset cursor, like every /v1 list). */
export async function listRollouts(
  ctx: PlatformContext,
  { provider, query }: { provider: Provider; query: z.infer<typeof listRolloutsQuery> },
) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await ctx.db
    .select()
    .from(miniProgramRollouts)
    .where(
      and(
        eq(miniProgramRollouts.platformId, ctx.platformId),
        eq(miniProgramRollouts.provider, provider),
        query.state ? eq(miniProgramRollouts.state, query.state) : undefined,
        after
          ? sql`(${createdMs}, ${miniProgramRollouts.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(createdMs), desc(miniProgramRollouts.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit);
  return {
    object: 'list' as const,
    data: page.data.map(rolloutDto),
    hasMore: page.hasMore,
    nextCursor: page.nextCursor,
  };
}
