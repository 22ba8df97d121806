import type { SellerRecord } from '@/server/services/onboarding-links/seller-scope';

/** Where the application stands, in the steps a shop owner sees (not the upstream's states). */
export type SellerPhase = 'draft' | 'review' | 'upstream' | 'confirm' | 'sign' | 'finished' | 'rejected' | 'canceled';

export function sellerPhaseOf(record: Pick<SellerRecord, 'chApplymentState' | 'reviewRequestedAt'>): SellerPhase {
  // Set only between the seller's submit and the operator's (which clears it): a corrected rejection waits too.
  if (record.reviewRequestedAt) return 'review';
  switch (record.chApplymentState) {
    case 'finished':
      return 'finished';
    case 'rejected':
      return 'rejected';
    case 'canceled':
      return 'canceled';
    case 'to_be_confirmed':
      return 'confirm';
    case 'to_be_signed':
      return 'sign';
    case 'submitted':
    case 'auditing':
    case 'signing':
      return 'upstream';
    default:
      return 'draft';
  }
}

/** The phases in which the seller can still change the form. */
export const sellerCanEdit = (phase: SellerPhase) =>
  phase === 'draft' || phase === 'review' || phase === 'rejected' || phase === 'canceled';
