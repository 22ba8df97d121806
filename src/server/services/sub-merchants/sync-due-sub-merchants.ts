import { and, asc, count, inArray, isNotNull, lte, min, sql } from 'drizzle-orm';
import { getEnv } from '@/env';
import type { Db } from '@/server/db';
import { rowsOf } from '@/server/db/rows';
import { providers, subMerchants } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { onboardingProvider } from '@/server/upstreams/onboarding';
import type { ApplicationStatus } from '@/server/providers/types';
import { setUnderReviewCount } from './next-sync-at';
import { submissionId } from './submission-id';
import { refreshFromUpstream } from './submit-sub-merchant';
import { acquireSubmitLease, releaseSubmitLease } from './submit-lease';
import { upstreamRateLimit } from '@/server/upstreams/rate-limits';
import { stampStillWaiting, type StillWaiting } from './sync-stamps';
import { reviewUnderWayStates } from '@/domain/sub-merchant-states';
import type { ServiceContext } from '../context';

type Row = typeof subMerchants.$inferSelect;

/**
 * "Still waiting" answers stamped together: one UPDATE instead of one each. A round trip cost the sync more CPU than
 * its request's RSA signature (docs/benchmarks.md, "The upstream-call path"); a crash loses at most this many stamps,
 * and those records are checked again at the interval the claim set.
 */
const STAMP_BATCH = 50;

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
 * Claims up to `batch` records under review whose next sync is due (claiming pushes next_sync_at forward in
 * the same statement, with SKIP LOCKED, so two instances never take the same record), then refreshes them
 * from the upstream with bounded concurrency and each provider's rate limit. Terminal records are not
 * due: their next_sync_at is null. Most answers say "still waiting": those cost one query and a share of one
 * UPDATE (sync-stamps.ts); only a change takes the lease and writes history and an event.
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
  const syncFailed = (row: Row, error: unknown) => {
    failed++;
    logger.warn(
      { subMerchantId: row.id, err: (error as Error).message },
      'status sync failed; retried at the next slot',
    );
  };
  // Something changed (or the upstream never got the application): the full refresh, under the lease.
  const refreshUnderLease = async (row: Row) => {
    const token = await acquireSubmitLease(ctx, { id: row.id, waitMs: 0 }).catch(() => null);
    if (!token) return; // a submit holds it; that submit stores the fresh state itself
    try {
      await refreshFromUpstream({ db, platformId: row.platformId, actor: 'sync' }, row);
      synced++;
    } catch (error) {
      syncFailed(row, error);
    } finally {
      await releaseSubmitLease(ctx, { id: row.id, token });
    }
  };
  // "Still waiting" answers are stamped STAMP_BATCH at a time (and the rest when the queue is empty); the records
  // that moved since they were read are refreshed under the lease afterwards.
  const waiting: StillWaiting[] = [];
  const moved: Row[] = [];
  const stampWaiting = async () => {
    const answers = waiting.splice(0);
    try {
      const stamped = await stampStillWaiting(db, answers);
      for (const { row } of answers) {
        if (stamped.has(row.id)) synced++;
        else moved.push(row);
      }
    } catch (error) {
      for (const { row } of answers) syncFailed(row, error);
    }
  };
  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      await upstreamRateLimit(row.provider);
      try {
        const status = await (
          await onboardingProvider(row.provider, row.platformId)
        ).queryApplication({
          submissionId: submissionId(row),
        });
        if (unchanged(row, status)) {
          waiting.push({ row, answeredAt: new Date() });
          if (waiting.length >= STAMP_BATCH) await stampWaiting();
          continue;
        }
      } catch (error) {
        syncFailed(row, error);
        continue;
      }
      await refreshUnderLease(row);
    }
  };
  const concurrency = Math.min(options.concurrency ?? 8, rows.length);
  await Promise.all(Array.from({ length: concurrency }, worker));
  await stampWaiting();
  const refreshes = async () => {
    for (let row = moved.shift(); row; row = moved.shift()) await refreshUnderLease(row);
  };
  await Promise.all(Array.from({ length: concurrency }, refreshes));
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
