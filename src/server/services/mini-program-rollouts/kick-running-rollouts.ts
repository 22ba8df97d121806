import { eq } from 'drizzle-orm';
import { miniProgramRollouts } from '@/server/db/schema';
import type { ServiceContext } from '../context';
import { kickRollout } from './rollout-queue';

/**
 * The scheduled pass: one job per running rollout (items waiting for the audit quota or a back-off, leases of a
 * dead instance) instead of running them all in one job, where a large rollout would hold the others back.
 * A rollout already queued is not queued twice (the queue's `stately` policy).
 */
export async function kickRunningRollouts(ctx: ServiceContext) {
  const running = await ctx.db
    .select({ id: miniProgramRollouts.id })
    .from(miniProgramRollouts)
    .where(eq(miniProgramRollouts.state, 'running'));
  for (const { id } of running) await kickRollout(ctx.db, id);
  return { kicked: running.length };
}
