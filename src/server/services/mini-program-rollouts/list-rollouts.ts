import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { listRolloutsQuery } from '@/schemas/mini-program-rollouts';
import { miniProgramRollouts, type Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { rolloutDto } from './rollout-dto';

/** The platform's rollouts of a provider, newest first. */
export async function listRollouts(
  ctx: PlatformContext,
  { provider, query }: { provider: Provider; query: z.infer<typeof listRolloutsQuery> },
) {
  const rows = await ctx.db
    .select()
    .from(miniProgramRollouts)
    .where(
      and(
        eq(miniProgramRollouts.platformId, ctx.platformId),
        eq(miniProgramRollouts.provider, provider),
        query.state ? eq(miniProgramRollouts.state, query.state) : undefined,
      ),
    )
    .orderBy(desc(miniProgramRollouts.createdAt))
    .limit(query.limit);
  return { object: 'list' as const, data: rows.map(rolloutDto) };
}
