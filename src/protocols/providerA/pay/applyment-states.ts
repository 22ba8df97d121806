/** Our names for WeChat's `APPLYMENT_STATE_*` values (docs/product/decisions.md §4). */
export type ApplymentState =
  'submitted' | 'auditing' | 'rejected' | 'to_be_confirmed' | 'to_be_signed' | 'signing' | 'finished' | 'canceled';

/** WeChat's states → ours, one to one (docs/product/decisions.md §4); EDITTING (sic) means "submitted, needs a resubmit". */
export const APPLYMENT_STATE_MAP: Record<string, ApplymentState> = {
  APPLYMENT_STATE_EDITTING: 'submitted',
  APPLYMENT_STATE_AUDITING: 'auditing',
  APPLYMENT_STATE_REJECTED: 'rejected',
  APPLYMENT_STATE_TO_BE_CONFIRMED: 'to_be_confirmed',
  APPLYMENT_STATE_TO_BE_SIGNED: 'to_be_signed',
  APPLYMENT_STATE_SIGNING: 'signing',
  APPLYMENT_STATE_FINISHED: 'finished',
  APPLYMENT_STATE_CANCELED: 'canceled',
};
