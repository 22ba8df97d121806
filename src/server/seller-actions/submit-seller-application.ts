'use server';

import { z } from 'zod';
import { submitSellerApplication as submit } from '@/server/services/onboarding-links/submit-seller-application';
import { sellerAction } from './guard';
import type { SellerRecordResult } from './save-seller-draft';

const submitRecord = sellerAction(z.strictObject({}), async (ctx, session) => ({
  ok: true as const,
  ...(await submit(ctx, { session })),
}));

/**
 * Server action for the seller's submit: the platform's policy decides (upstream at once, or ready for an
 * operator's review). A rule's field errors come back as data for the form.
 */
export async function submitSellerApplication(): Promise<SellerRecordResult> {
  return submitRecord({});
}
