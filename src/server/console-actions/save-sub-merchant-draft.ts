'use server';

import { callAsOperator, toActionFailure, type ActionFailure, type OperatorCaller } from '@/server/trpc/server-caller';

export type DraftPatch = Parameters<OperatorCaller['subMerchants']['saveDraft']>[0]['formData'];
/** A sub-merchant as the console receives it (personal values masked by the server). */
type SubMerchantRecord = Awaited<ReturnType<OperatorCaller['subMerchants']['get']>>;
export type WizardActionResult = { ok: true; record: SubMerchantRecord } | ActionFailure;

/**
 * Server action for the wizard's "save": the `subMerchants.saveDraft` procedure (operator role, the API's
 * draft schema). Field errors come back as data so the form can put them on their fields.
 */
export async function saveSubMerchantDraft(
  platformId: string,
  id: string,
  formData: DraftPatch,
  expectedUpdatedAt?: string,
): Promise<WizardActionResult> {
  try {
    return {
      ok: true,
      record: await callAsOperator((caller) =>
        caller.subMerchants.saveDraft({ platformId, id, formData, expectedUpdatedAt }),
      ),
    };
  } catch (error) {
    return toActionFailure(error);
  }
}
