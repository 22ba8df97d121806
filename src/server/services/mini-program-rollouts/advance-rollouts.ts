import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '@/server/db/rows';
import { miniProgramRolloutItems, miniProgramRollouts } from '@/server/db/schema';
import type { ServiceContext } from '../context';
import { emitEvent } from '../events/emit-event';
import { promoteAuditedItems } from './promote-audited-items';
import { rolloutCounts } from './rollout-counts';
import { runRolloutItem } from './run-rollout-item';

/** `miniprogram.rollout.updated` is sent at most once per this many seconds per rollout. */
const PROGRESS_EVENT_SECONDS = 5;
/** How long a claim holds an item; an instance that dies mid-step leaves it to be claimed again after this. */
const LEASE_SECONDS = 300;

/**
 * The executor (docs/mini-program-rollouts.md): for each running rollout, claims items in one statement that
 * locks the rollout row (so instances serialize their claims and together never exceed its concurrency) and
 * moves each item `pending → running` (SKIP LOCKED; an item whose lease ran out is claimed again), runs them,
 * and repeats until nothing is claimable now. A rollout with every item ended is completed once.
 */
export async function advanceRollouts(ctx: ServiceContext, { rolloutId }: { rolloutId?: string } = {}) {
  const rollouts = await ctx.db
    .select()
    .from(miniProgramRollouts)
    .where(
      and(eq(miniProgramRollouts.state, 'running'), rolloutId ? eq(miniProgramRollouts.id, rolloutId) : undefined),
    );
  let ran = 0;
  for (const rollout of rollouts) {
    for (;;) {
      // A decision that arrived before its item recorded the audit id (a fast push) is picked up here.
      await promoteAuditedItems(ctx.db, { rolloutId: rollout.id, kick: false });
      const claimed = await claimItems(ctx, rollout.id);
      if (claimed.length === 0) break;
      ran += claimed.length;
      await Promise.all(claimed.map((item) => runRolloutItem(ctx, { rollout, item })));
      await notifyProgress(ctx, rollout.id);
    }
    await completeIfDone(ctx, rollout.id);
  }
  return { ran };
}

async function claimItems(ctx: ServiceContext, rolloutId: string) {
  const claimed = await ctx.db.execute(sql`
    with r as (select concurrency from mini_program_rollouts where id = ${rolloutId} and state = 'running' for update),
    busy as (select count(*)::int as n from mini_program_rollout_items
             where rollout_id = ${rolloutId} and state = 'running' and lease_until > now())
    update mini_program_rollout_items set state = 'running', attempts = attempts + 1,
      lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), not_before = null, updated_at = now()
    where id in (
      select id from mini_program_rollout_items
      where rollout_id = ${rolloutId} and (
        (state = 'pending' and (not_before is null or not_before <= now()))
        or (state = 'running' and lease_until <= now())
        or (state = 'waiting' and step = 'submit_audit' and not_before <= now()))
      order by app_id
      limit greatest(0, coalesce((select concurrency from r), 0) - (select n from busy))
      for update skip locked)
    returning id`);
  const ids = rowsOf<{ id: string }>(claimed).map((r) => r.id);
  if (ids.length === 0) return [];
  return ctx.db.select().from(miniProgramRolloutItems).where(inArray(miniProgramRolloutItems.id, ids));
}

async function completeIfDone(ctx: ServiceContext, rolloutId: string) {
  await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(miniProgramRollouts)
      .set({ state: 'completed', completedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(miniProgramRollouts.id, rolloutId),
          eq(miniProgramRollouts.state, 'running'),
          sql`not exists (select 1 from mini_program_rollout_items i where i.rollout_id = ${rolloutId}
                and i.state in ('pending', 'running', 'waiting'))`,
        ),
      )
      .returning();
    if (!done) return;
    const { byStep, byState } = await rolloutCounts(tx, rolloutId);
    await emitEvent(
      { ...ctx, db: tx },
      {
        platformId: done.platformId,
        type: 'miniprogram.rollout.completed',
        data: {
          rolloutId,
          platform: done.provider,
          userVersion: done.userVersion,
          total: done.total,
          byStep,
          byState,
        },
      },
    );
  });
}

/**
 * `miniprogram.rollout.updated` with the counts, throttled per rollout across instances: the conditional update of
 * `progress_notified_at` lets one pass per interval emit it.
 */
async function notifyProgress(ctx: ServiceContext, rolloutId: string) {
  await ctx.db.transaction(async (tx) => {
    const [due] = await tx
      .update(miniProgramRollouts)
      .set({ progressNotifiedAt: sql`now()`, updatedAt: new Date() })
      .where(
        and(
          eq(miniProgramRollouts.id, rolloutId),
          eq(miniProgramRollouts.state, 'running'),
          sql`(${miniProgramRollouts.progressNotifiedAt} is null
               or ${miniProgramRollouts.progressNotifiedAt} <= now() - make_interval(secs => ${PROGRESS_EVENT_SECONDS}))`,
        ),
      )
      .returning();
    if (!due) return;
    await emitEvent(
      { ...ctx, db: tx },
      {
        platformId: due.platformId,
        type: 'miniprogram.rollout.updated',
        data: {
          rolloutId,
          platform: due.provider,
          userVersion: due.userVersion,
          total: due.total,
          ...(await rolloutCounts(tx, rolloutId)),
        },
      },
    );
  });
}
