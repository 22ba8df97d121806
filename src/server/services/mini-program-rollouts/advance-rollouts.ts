import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '@/server/db/rows';
import { miniProgramRolloutItems, miniProgramRollouts } from '@/server/db/schema';
import { upstreamStepLeaseMs } from '@/server/upstreams/upstream-lease';
import type { ServiceContext } from '../context';
import { emitEvent } from '../events/emit-event';
import { promoteAuditedItems } from './promote-audited-items';
import { rolloutCounts } from './rollout-counts';
import { runRolloutItem } from './run-rollout-item';

/** `miniprogram.rollout.updated` is sent at most once per this many seconds per rollout. */
const PROGRESS_EVENT_SECONDS = 5;
/**
 * How long a claim holds an item: an instance that dies mid-step leaves it to be claimed again after this (72 s
 * with the default upstream timeout), so a restart after a crash resumes within minutes, not at the next deploy.
 */
const leaseSeconds = () => Math.ceil(upstreamStepLeaseMs() / 1000);

/**
 * The executor (docs/mini-program-rollouts.md): for each running rollout, keeps up to its concurrency of items in
 * an upstream step. Each claim is one statement that locks the rollout row (so instances serialize their claims
 * and together never exceed its concurrency) and moves items `pending → running` (SKIP LOCKED; an item whose
 * lease ran out is claimed again); as soon as one item stops, the freed place is claimed again, so an item that
 * became due (an approval to release) waits for one step, not for a round. It stops when nothing is claimable and
 * nothing runs, or after `rounds × concurrency` items or `seconds` of claiming (a job's bounded slice, so that a
 * large rollout hands its job back and the queue rotates between rollouts, and a job's length stays well inside its
 * expiry: the job of an instance that died holds its rollout's queue slot until it expires). Rollouts advance side by side, each through its own
 * platform's upstream rate limit. A rollout with every item ended is completed once. `unfinished`: the rollouts
 * that used their slice with items possibly still claimable.
 */
export async function advanceRollouts(
  ctx: ServiceContext,
  { rolloutId, rounds = Infinity, seconds = Infinity }: { rolloutId?: string; rounds?: number; seconds?: number } = {},
) {
  const stopClaimingAt = Date.now() + seconds * 1000;
  const rollouts = await ctx.db
    .select()
    .from(miniProgramRollouts)
    .where(
      and(eq(miniProgramRollouts.state, 'running'), rolloutId ? eq(miniProgramRollouts.id, rolloutId) : undefined),
    );
  let ran = 0;
  const unfinished: string[] = [];
  await Promise.all(
    rollouts.map(async (rollout) => {
      let budget = rounds * rollout.concurrency;
      let notifiedAt = 0;
      const running = new Set<Promise<void>>();
      for (;;) {
        if (Date.now() >= stopClaimingAt) budget = 0;
        // A decision that arrived before its item recorded the audit id (a fast push) is picked up here.
        if (budget > 0) await promoteAuditedItems(ctx.db, { rolloutId: rollout.id, kick: false });
        const claimed = budget > 0 ? await claimItems(ctx, rollout.id, budget) : [];
        budget -= claimed.length;
        ran += claimed.length;
        for (const item of claimed) {
          const step: Promise<void> = runRolloutItem(ctx, { rollout, item }).finally(() => running.delete(step));
          running.add(step);
        }
        if (running.size === 0) break;
        await Promise.race(running);
        if (Date.now() - notifiedAt >= 1000) {
          notifiedAt = Date.now();
          await notifyProgress(ctx, rollout.id);
        }
      }
      await notifyProgress(ctx, rollout.id);
      // A rollout whose last items just ended completes now; one that used its slice goes on in a later job.
      if (!(await completeIfDone(ctx, rollout.id)) && budget <= 0) unfinished.push(rollout.id);
    }),
  );
  return { ran, unfinished };
}

/** Claims at most `max` and at most the rollout's concurrency less its live claims; the steps nearest the end first. */
async function claimItems(ctx: ServiceContext, rolloutId: string, max: number) {
  const claimed = await ctx.db.execute(sql`
    with r as (select concurrency from mini_program_rollouts where id = ${rolloutId} and state = 'running' for update),
    busy as (select count(*)::int as n from mini_program_rollout_items
             where rollout_id = ${rolloutId} and state = 'running' and lease_until > now())
    update mini_program_rollout_items set state = 'running', attempts = attempts + 1,
      lease_until = now() + make_interval(secs => ${leaseSeconds()}), not_before = null, updated_at = now()
    where id in (
      select id from mini_program_rollout_items
      where rollout_id = ${rolloutId} and (
        (state = 'pending' and (not_before is null or not_before <= now()))
        or (state = 'running' and lease_until <= now())
        or (state = 'waiting' and step = 'submit_audit' and not_before <= now()))
      order by case step when 'release' then 0 when 'submit_audit' then 1 else 2 end, app_id
      limit least(${Number.isFinite(max) ? max : 1_000_000}, greatest(0, coalesce((select concurrency from r), 0) - (select n from busy)))
      for update skip locked)
    returning id`);
  const ids = rowsOf<{ id: string }>(claimed).map((r) => r.id);
  if (ids.length === 0) return [];
  return ctx.db.select().from(miniProgramRolloutItems).where(inArray(miniProgramRolloutItems.id, ids));
}

/** Whether the rollout is completed now (by this call). */
async function completeIfDone(ctx: ServiceContext, rolloutId: string) {
  return ctx.db.transaction(async (tx) => {
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
    if (!done) return false;
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
    return true;
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
