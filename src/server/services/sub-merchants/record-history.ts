// Not a use case: helpers of createSubMerchant, updateSubMerchant, submitSubMerchant and applyUpstreamStatus;
// recordHistory runs inside their transaction, so it takes (tx, input) rather than a context.
import type { Db } from '@/server/db';
import { subMerchantHistory } from '@/server/db/schema';
import { newId } from '@/server/ids';

type Change = { from: unknown; to: unknown };

/** Diff of two record states over the fields worth showing; formData changes are named, never valued. */
export function diffRecords(before: Record<string, unknown>, after: Record<string, unknown>, fields: string[]) {
  const changes: Record<string, Change> = {};
  for (const field of fields) {
    if (JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null)) {
      changes[field] = { from: before[field] ?? null, to: after[field] ?? null };
    }
  }
  return changes;
}

export const trackedFields = [
  'status',
  'chApplymentState',
  'chApplymentId',
  'chSubMchid',
  'commissionRate',
  'signUrl',
  'reviewRound',
];

/** Appends to the record's history: who or what, when, from → to, and why when the actor said. */
export async function recordHistory(
  db: Db,
  entry: {
    subMerchantId: string;
    actor: string;
    action: string;
    changes?: Record<string, Change>;
    reason?: string | null;
  },
) {
  await db
    .insert(subMerchantHistory)
    .values({ id: newId('smh'), ...entry, changes: entry.changes ?? {}, reason: entry.reason || null });
}

/** Which formData fields a patch touched, as a history change without values (they may be personal). */
export const formDataTouched = (patch: Record<string, unknown> | undefined): Record<string, Change> =>
  patch && Object.keys(patch).length > 0 ? { formData: { from: null, to: { fields: Object.keys(patch).sort() } } } : {};
