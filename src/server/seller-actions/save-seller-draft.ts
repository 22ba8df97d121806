'use server';

import { z } from 'zod';
import { submitSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { saveSellerDraft as save } from '@/server/services/onboarding-links/save-seller-draft';
import type { SellerRecord } from '@/server/services/onboarding-links/seller-scope';
import { sellerAction, type SellerActionFailure } from './guard';

/** formData only, and no record id: the session names the record. Anything else is refused, not ignored. */
const sellerDraftInput = z.strictObject({
  formData: submitSubMerchantBody.shape.formData,
  expectedUpdatedAt: z.iso.datetime().optional(),
});
export type SellerDraftInput = z.input<typeof sellerDraftInput>;
export type SellerRecordResult = { ok: true; record: SellerRecord } | SellerActionFailure;

const saveDraft = sellerAction(sellerDraftInput, async (ctx, session, input) => ({
  ok: true as const,
  record: await save(ctx, { session, formData: input.formData ?? {}, expectedUpdatedAt: input.expectedUpdatedAt }),
}));

/** Server action for the seller's autosave: the session's record, formData only, conflicts answered as data. */
export async function saveSellerDraft(input: SellerDraftInput): Promise<SellerRecordResult> {
  return saveDraft(input);
}
