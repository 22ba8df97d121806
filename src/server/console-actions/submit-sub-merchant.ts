'use server';

import { callAsOperator, toActionFailure } from '@/server/trpc/server-caller';
import type { DraftPatch, WizardActionResult } from './save-sub-merchant-draft';

/**
 * Server action for the wizard's review step: the `subMerchants.submit` procedure (operator role, the full
 * submit rules, the upstream call). A 422's field errors come back as data for the form.
 */
export async function submitSubMerchant(
  platformId: string,
  id: string,
  formData: DraftPatch,
): Promise<WizardActionResult> {
  try {
    return {
      ok: true,
      record: (await callAsOperator((caller) => caller.subMerchants.submit({ platformId, id, formData }))).record,
    };
  } catch (error) {
    return toActionFailure(error);
  }
}
