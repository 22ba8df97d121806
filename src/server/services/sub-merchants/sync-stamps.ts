import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
import { subMerchants } from '@/server/db/schema';
import { nextSyncAt } from './next-sync-at';

type Row = typeof subMerchants.$inferSelect;

/**
 * The guarded UPDATE of the sync stamps for many records in one JSON parameter: a record is stamped only while it
 * still has the version the sync read and no submit holds its lease. Prepared once: only the parameters change from
 * one call to the next, and one JSON parameter binds the same way on both drivers.
 */
const stampStatement = preparedPerDb((db: Db) =>
  db
    .update(subMerchants)
    .set({ lastSyncedAt: sql`s.synced_at`, nextSyncAt: sql`s.next_sync_at` })
    .from(
      sql`jsonb_to_recordset(${sql.placeholder('stamps')}::jsonb) as s(id text, version int, synced_at timestamptz, next_sync_at timestamptz)`,
    )
    .where(
      and(
        eq(subMerchants.id, sql`s.id`),
        eq(subMerchants.version, sql`s.version`),
        or(
          isNull(subMerchants.submitLockUntil),
          lt(subMerchants.submitLockUntil, sql`${sql.placeholder('now')}::timestamptz`),
        ),
      ),
    )
    .returning({ id: subMerchants.id })
    .prepare('sub_merchant_sync_stamps'),
);

/** A review the upstream says is still waiting: the record as the sync read it, and when the answer came. */
export type StillWaiting = { row: Row; answeredAt: Date };

/**
 * The fast path of reviews that are still waiting: their sync stamps (last synced when the upstream answered, next
 * check by the policy) in one statement, instead of lease + transaction + history each. Returns the ids stamped; a
 * record missing from it moved meanwhile (edited, resubmitted, or a submit holds its lease), so the slow path runs.
 */
export async function stampStillWaiting(db: Db, answers: StillWaiting[]): Promise<Set<string>> {
  if (answers.length === 0) return new Set();
  const stamps = answers.map(({ row, answeredAt }) => ({
    id: row.id,
    version: row.version,
    synced_at: answeredAt.toISOString(),
    next_sync_at:
      nextSyncAt(
        { state: row.chApplymentState, changedAt: row.updatedAt, provider: row.provider },
        answeredAt,
      )?.toISOString() ?? null,
  }));
  const updated = await stampStatement(db).execute({ stamps: JSON.stringify(stamps), now: new Date().toISOString() });
  return new Set(updated.map((r) => r.id));
}
