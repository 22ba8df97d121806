'use server';

import type { z } from 'zod';
import { saveDraftInput } from '@/schemas/sub-merchant-requests';
import { updateSubMerchant } from '@/server/services/sub-merchants/update-sub-merchant';
import { platformAction, type ActionFailure } from './guard';

export type DraftPatch = z.input<typeof saveDraftInput>['formData'];
/** A sub-merchant as the console receives it (personal values masked by the server). */
type SubMerchantRecord = Awaited<ReturnType<typeof updateSubMerchant>>;
export type WizardActionResult = { ok: true; record: SubMerchantRecord } | ActionFailure;

const saveDraft = platformAction('operator', saveDraftInput, async (ctx, input) => ({
  ok: true as const,
  record: await updateSubMerchant(ctx, {
    id: input.id,
    body: { formData: input.formData ?? {} },
    expectedUpdatedAt: input.expectedUpdatedAt,
  }),
}));

/**
 * Server action for the wizard's "save" (operator role, the API's draft schema), as `subMerchants.saveDraft`.
 * Field errors come back as data so the form can put them on their fields.
 */
export async function saveSubMerchantDraft(
  platformId: string,
  id: string,
  formData: DraftPatch,
  expectedUpdatedAt?: string,
): Promise<WizardActionResult> {
  return saveDraft(platformId, { id, formData, expectedUpdatedAt });
}
