import type { subMerchants } from '@/server/db/schema';

/**
 * The upstream submission id (WeChat business_code, Alipay external_id) is derived from the record, so a retry
 * after a timeout or crash finds the same application instead of creating a second one. WeChat resubmits a
 * rejected application under the same business_code (it overwrites); Alipay opens a new order per review
 * round, so its id carries the round.
 */
export function submissionId(row: Pick<typeof subMerchants.$inferSelect, 'id' | 'provider' | 'reviewRound'>): string {
  const base = row.id.replace(/^sm_/, 'sm');
  return row.provider === 'providerA' ? base : `${base}r${row.reviewRound}`;
}
