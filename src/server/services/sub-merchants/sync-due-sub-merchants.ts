import { and, asc, count, eq, inArray, isNotNull, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import { getEnv } from '@/env';
import type { Db } from '@/server/db';
import { rowsOf } from '@/server/db/rows';
import { providers, subMerchants } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { onboardingProvider } from '@/server/upstreams/onboarding';
import type { ApplicationStatus } from '@/server/providers/types';
import { nextSyncAt, setUnderReviewCount } from './next-sync-at';
import { submissionId } from './submission-id';
import { refreshFromUpstream } from './submit-sub-merchant';
import { acquireSubmitLease, releaseSubmitLease } from './submit-lease';
import { upstreamRateLimit } from './rate-limiter';
import { reviewUnderWayStates } from '@/domain/sub-merchant-states';
import type { ServiceContext } from '../context';

type Row = typeof subMerchants.$inferSelect;

/** Nothing the record shows would change: the common case of a review that is still waiting. */
const unchanged = (row: Row, status: ApplicationStatus | null) =>
  status !== null &&
  status.state === row.chApplymentState &&
  status.applymentId === row.chApplymentId &&
  (status.stateMsg ?? null) === row.chApplymentStateMsg &&
  (status.signUrl ?? null) === row.signUrl &&
  status.rejectReasons.length === 0 &&
  row.rejectReasons.length === 0 &&
  !status.subMchid;

/**
 * The fast path: one guarded UPDATE of the sync stamps (same version, no submit holding the lease) instead of
 * lease + transaction + history. Returns false when the record moved meanwhile, so the slow path runs.
 */
async function stampSynced(db: Db, row: Row): Promise<boolean> {
  const now = new Date();
  const updated = await db
    .update(subMerchants)
    .set({
      lastSyncedAt: now,
      nextSyncAt: nextSyncAt({ state: row.chApplymentState, changedAt: row.updatedAt, provider: row.provider }, now),
    })
    .where(
      and(
        eq(subMerchants.id, row.id),
        eq(subMerchants.version, row.version),
        or(isNull(subMerchants.submitLockUntil), lt(subMerchants.submitLockUntil, now)),
      ),
    )
    .returning({ id: subMerchants.id });
  return updated.length === 1;
}

/**
 * Claims up to `batch` records under review whose next sync is due (claiming pushes next_sync_at forward in
 * the same statement, with SKIP LOCKED, so two instances never take the same record), then refreshes them
 * from the upstream with bounded concurrency and each provider's rate limit. Terminal records are not
 * due: their next_sync_at is null. Most answers say "still waiting": those cost one query and one UPDATE;
 * only a change takes the lease and writes history and an event.
 */
export async function syncDueSubMerchants(ctx: ServiceContext, options: { batch?: number; concurrency?: number } = {}) {
  const { db } = ctx;
  const env = getEnv();
  const batch = options.batch ?? 500;
  await countUnderReview(db);
  const claimed = await db.execute<{ id: string }>(sql`
    update ${subMerchants} set next_sync_at = now() + make_interval(secs => ${env.SUB_MERCHANT_SYNC_INTERVAL_SECONDS})
    where id in (
      select id from ${subMerchants}
      where ${and(isNotNull(subMerchants.nextSyncAt), lte(subMerchants.nextSyncAt, sql`now()`), inArray(subMerchants.chApplymentState, [...reviewUnderWayStates]))}
      order by ${asc(subMerchants.nextSyncAt)} limit ${batch} for update skip locked
    ) returning id`);
  const ids = rowsOf<{ id: string }>(claimed).map((r) => r.id);
  if (ids.length === 0) return { synced: 0, failed: 0, nextDueAt: await earliestDue(db) };
  const rows = await db.select().from(subMerchants).where(inArray(subMerchants.id, ids));
  let synced = 0;
  let failed = 0;
  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      await upstreamRateLimit(row.provider);
      try {
        const status = await onboardingProvider(row.provider, row.platformId).queryApplication({
          submissionId: submissionId(row),
        });
        if (unchanged(row, status) && (await stampSynced(db, row))) {
          synced++;
          continue;
        }
      } catch (error) {
        failed++;
        logger.warn(
          { subMerchantId: row.id, err: (error as Error).message },
          'status sync failed; retried at the next slot',
        );
        continue;
      }
      // Something changed (or the upstream never got the application): the full refresh, under the lease.
      const token = await acquireSubmitLease(ctx, { id: row.id, waitMs: 0 }).catch(() => null);
      if (!token) continue; // a submit holds it; that submit stores the fresh state itself
      try {
        await refreshFromUpstream({ db, platformId: row.platformId, actor: 'sync' }, row);
        synced++;
      } catch (error) {
        failed++;
        logger.warn(
          { subMerchantId: row.id, err: (error as Error).message },
          'status sync failed; retried at the next slot',
        );
      } finally {
        await releaseSubmitLease(ctx, { id: row.id, token });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, rows.length) }, worker));
  return { synced, failed, nextDueAt: await earliestDue(db) };
}

const underReview = and(
  isNotNull(subMerchants.nextSyncAt),
  inArray(subMerchants.chApplymentState, [...reviewUnderWayStates]),
);

/** Feeds the rate budget of the next-check policy: how many records each provider's limit has to cover. */
async function countUnderReview(db: Db) {
  const counts = await db
    .select({ provider: subMerchants.provider, n: count() })
    .from(subMerchants)
    .where(underReview)
    .groupBy(subMerchants.provider);
  for (const provider of providers) setUnderReviewCount(provider, counts.find((c) => c.provider === provider)?.n ?? 0);
}

/** When the next record falls due (null: nothing under review), so the job can be armed for that second. */
async function earliestDue(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(subMerchants.nextSyncAt) })
    .from(subMerchants)
    .where(underReview);
  return row?.at ?? null;
}
