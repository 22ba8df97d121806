'use server';

import { submitInput } from '@/schemas/sub-merchant-requests';
import { submitSubMerchant as submit } from '@/server/services/sub-merchants/submit-sub-merchant';
import { platformAction } from './guard';
import type { DraftPatch, WizardActionResult } from './save-sub-merchant-draft';

const submitRecord = platformAction('operator', submitInput, async (ctx, input) => ({
  ok: true as const,
  record: (await submit(ctx, { id: input.id, patch: input.formData })).record,
}));

/**
 * Server action for the wizard's review step (operator role, the full submit rules, the upstream call), as
 * `subMerchants.submit`. A 422's field errors come back as data for the form.
 */
export async function submitSubMerchant(
  platformId: string,
  id: string,
  formData: DraftPatch,
): Promise<WizardActionResult> {
  return submitRecord(platformId, { id, formData });
}
