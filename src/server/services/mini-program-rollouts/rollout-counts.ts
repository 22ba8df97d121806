// Not a use case: a rollout's items counted per step and per state (get-rollout, and the events of the executor).
import { count, eq } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { miniProgramRolloutItems } from '@/server/db/schema';

export async function rolloutCounts(db: Db, rolloutId: string) {
  const groups = await db
    .select({ step: miniProgramRolloutItems.step, state: miniProgramRolloutItems.state, n: count() })
    .from(miniProgramRolloutItems)
    .where(eq(miniProgramRolloutItems.rolloutId, rolloutId))
    .groupBy(miniProgramRolloutItems.step, miniProgramRolloutItems.state);
  const byStep: Record<string, number> = {};
  const byState: Record<string, number> = {};
  for (const g of groups) {
    byStep[g.step] = (byStep[g.step] ?? 0) + Number(g.n);
    byState[g.state] = (byState[g.state] ?? 0) + Number(g.n);
  }
  return { byStep, byState };
}
