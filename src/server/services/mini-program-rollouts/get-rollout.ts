import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { getRolloutQuery } from '@/schemas/mini-program-rollouts';
import { miniProgramRolloutItems, type Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { findRollout } from './find-rollout';
import { rolloutCounts } from './rollout-counts';
import { rolloutDto, rolloutItemDto } from './rollout-dto';

/** A rollout with its counts per step and per state, and a page of its authorizers (each with the upstream's reason). */
export async function getRollout(
  ctx: PlatformContext,
  { provider, id, query }: { provider: Provider; id: string; query: z.infer<typeof getRolloutQuery> },
) {
  const rollout = await findRollout(ctx, { provider, id });
  const counts = await rolloutCounts(ctx.db, id);
  const items = await ctx.db
    .select()
    .from(miniProgramRolloutItems)
    .where(
      and(
        eq(miniProgramRolloutItems.rolloutId, id),
        query.state ? eq(miniProgramRolloutItems.state, query.state) : undefined,
      ),
    )
    .orderBy(asc(miniProgramRolloutItems.appId))
    .limit(query.limit)
    .offset(query.offset);
  return { ...rolloutDto(rollout), counts, items: items.map(rolloutItemDto) };
}
