'use client';

import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import { saveSubMerchantDraft, type WizardActionResult } from '@/server/console-actions/save-sub-merchant-draft';
import { submitSubMerchant } from '@/server/console-actions/submit-sub-merchant';
import type { SubMerchantRecord } from '../record-types';
import { draftPatch, toWizardValues, type WizardValues } from './form-model';
import { stepOfField, type StepId } from './steps';
import type { WizardFieldError } from './error-order';

type Options = {
  platformId: string;
  form: UseFormReturn<WizardValues>;
  server: SubMerchantRecord;
  serverValues: WizardValues;
  setServer: (record: SubMerchantRecord) => void;
  goTo: (step: StepId, field?: FormDataField) => void;
  errorText: (error: WizardFieldError) => string;
};

export type ActionMessage = { kind: 'error' | 'status'; text: string };

/**
 * Saving the draft (only changed, visible fields) and submitting, through server actions that run the same
 * tRPC procedures as before (no tRPC client in the wizard's bundle). Field errors from the server (400 on a
 * draft, 422 on submit) land on their fields, and the step holding the first one opens with it focused.
 */
export function useWizardActions({ platformId, form, server, serverValues, setServer, goTo, errorText }: Options) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ActionMessage | null>(null);

  const adopt = (record: SubMerchantRecord) => {
    setServer(record);
    form.reset(toWizardValues(record.formData));
  };

  const run = async (action: typeof saveSubMerchantDraft): Promise<WizardActionResult> => {
    setBusy(true);
    try {
      const patch = draftPatch(form.getValues(), serverValues);
      return await action(platformId, server.id, Object.keys(patch).length > 0 ? patch : undefined);
    } catch {
      // The action did not answer (network, server down): nothing is known to have changed.
      return { ok: false, code: 'INTERNAL_SERVER_ERROR', message: t('subMerchants.wizard.unreachable'), errors: [] };
    } finally {
      setBusy(false);
    }
  };

  const landFieldErrors = async (failure: {
    errors: { pointer: string; code: string; message: string }[];
  }): Promise<boolean> => {
    const { submitErrorsToFields } = await import('./validate-step');
    const fields = submitErrorsToFields(failure.errors);
    const first = fields[0];
    if (!first) return false;
    for (const e of fields) form.setError(e.field, { type: e.code, message: errorText(e) });
    goTo(stepOfField(first.field) ?? 'license', first.field);
    return true;
  };

  const save = async (options: { announce?: boolean } = {}): Promise<boolean> => {
    const patch = draftPatch(form.getValues(), serverValues);
    if (Object.keys(patch).length === 0) {
      if (options.announce) setMessage({ kind: 'status', text: t('subMerchants.wizard.nothingToSave') });
      return true;
    }
    const result = await run(saveSubMerchantDraft);
    if (result.ok) {
      adopt(result.record);
      setMessage(options.announce ? { kind: 'status', text: t('subMerchants.wizard.saved') } : null);
      return true;
    }
    await landFieldErrors(result);
    setMessage({ kind: 'error', text: t('subMerchants.wizard.saveFailed', { reason: result.message }) });
    return false;
  };

  const submit = async (): Promise<boolean> => {
    const result = await run(submitSubMerchant);
    if (result.ok) return true;
    const landed = await landFieldErrors(result);
    setMessage({
      kind: 'error',
      text: landed
        ? t('subMerchants.wizard.submitFieldErrors')
        : t('subMerchants.wizard.submitFailed', { reason: result.message }),
    });
    return false;
  };

  return { save, submit, message, busy };
}
