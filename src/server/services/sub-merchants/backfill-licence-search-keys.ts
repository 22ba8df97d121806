import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { subMerchants } from '@/server/db/schema';
import { licenceSearchKey } from './licence-search-key';
import { revealFormData } from './sub-merchant-dto';
import type { ServiceContext } from '../context';

export type LicenceBackfillReport = {
  /** Records that got their search key. */
  filled: number;
  /** Records without a key that hold a licence number and were not locked by another instance. */
  scanned: number;
};

const BATCH = 500;

/**
 * Upgrade step for records stored before `licence_number_hmac` existed: their licence number is read (through the
 * field cipher, so a number sealed at rest is revealed the same way a read does), and the keyed search key is
 * written where it is still null. Batches of 500 in key order, each in one transaction that locks its rows with
 * SKIP LOCKED: two instances running it at once share the rows instead of waiting on each other, and a concurrent
 * formData write waits for the batch (or the batch skips its row) so the key always matches what is stored. The
 * update is guarded by the column still being null, so a re-run or an interrupted run changes nothing twice. Only
 * counts are returned; the number itself never leaves this function.
 */
export async function backfillLicenceSearchKeys(
  ctx: ServiceContext,
  options: { batchSize?: number } = {},
): Promise<LicenceBackfillReport> {
  const batchSize = options.batchSize ?? BATCH;
  const report: LicenceBackfillReport = { filled: 0, scanned: 0 };
  for (let after = ''; ;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: subMerchants.id, licenseNumber: sql<unknown>`${subMerchants.formData} -> 'licenseNumber'` })
        .from(subMerchants)
        .where(
          and(
            gt(subMerchants.id, after),
            isNull(subMerchants.licenceNumberHmac),
            sql`${subMerchants.formData} ? 'licenseNumber'`,
          ),
        )
        .orderBy(asc(subMerchants.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      let filled = 0;
      for (const row of rows) {
        const key = licenceSearchKey(revealFormData({ formData: { licenseNumber: row.licenseNumber } }).licenseNumber);
        if (!key) continue;
        const updated = await tx
          .update(subMerchants)
          // Only the search key: updated_at and version stay, so the queue's order and ETags do not move.
          .set({ licenceNumberHmac: key })
          .where(and(eq(subMerchants.id, row.id), isNull(subMerchants.licenceNumberHmac)))
          .returning({ id: subMerchants.id });
        filled += updated.length;
      }
      return { last: rows.at(-1)?.id, scanned: rows.length, filled };
    });
    report.scanned += batch.scanned;
    report.filled += batch.filled;
    if (!batch.last || batch.scanned < batchSize) return report;
    after = batch.last;
  }
}
