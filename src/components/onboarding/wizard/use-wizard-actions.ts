'use client';

import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { FormDataField } from '@/schemas/form-data';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { trpcFieldErrors, type SubMerchantRecord } from '../record-types';
import { draftPatch, toWizardValues, type WizardValues } from './form-model';
import { stepOfField, type StepId } from './steps';
import { submitErrorsToFields, type WizardFieldError } from './validate-step';

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
 * Saving the draft (only changed, visible fields) and submitting. Field errors from the server (400 on a
 * draft, 422 on submit) land on their fields, and the step holding the first one opens with it focused.
 */
export function useWizardActions({ platformId, form, server, serverValues, setServer, goTo, errorText }: Options) {
  const { t } = useI18n();
  const utils = api.useUtils();
  const saveDraft = api.subMerchants.saveDraft.useMutation();
  const submitRecord = api.subMerchants.submit.useMutation();
  const [message, setMessage] = useState<ActionMessage | null>(null);

  const adopt = (record: SubMerchantRecord) => {
    setServer(record);
    form.reset(toWizardValues(record.formData));
    utils.subMerchants.get.setData({ platformId, id: record.id }, record);
    void utils.onboardingConsole.list.invalidate();
  };

  const landFieldErrors = (error: unknown): boolean => {
    const fields = submitErrorsToFields(trpcFieldErrors(error));
    const first = fields[0];
    if (!first) return false;
    for (const e of fields) form.setError(e.field, { type: e.code, message: errorText(e) });
    goTo(stepOfField(first.field) ?? 'license', first.field);
    return true;
  };

  const save = async (options: { announce?: boolean } = {}): Promise<boolean> => {
    const patch = draftPatch(form.getValues(), serverValues);
    if (Object.keys(patch).length === 0) {
      if (options.announce) setMessage({ kind: 'status', text: t('onboarding.wizard.nothingToSave') });
      return true;
    }
    try {
      adopt(await saveDraft.mutateAsync({ platformId, id: server.id, formData: patch }));
      setMessage(options.announce ? { kind: 'status', text: t('onboarding.wizard.saved') } : null);
      return true;
    } catch (error) {
      landFieldErrors(error);
      setMessage({ kind: 'error', text: t('onboarding.wizard.saveFailed', { reason: (error as Error).message }) });
      return false;
    }
  };

  const submit = async (): Promise<boolean> => {
    const patch = draftPatch(form.getValues(), serverValues);
    try {
      const result = await submitRecord.mutateAsync({ platformId, id: server.id, formData: Object.keys(patch).length > 0 ? patch : undefined });
      utils.subMerchants.get.setData({ platformId, id: server.id }, result.record);
      void utils.subMerchants.history.invalidate({ platformId, id: server.id });
      void utils.onboardingConsole.invalidate();
      return true;
    } catch (error) {
      const landed = landFieldErrors(error);
      setMessage({ kind: 'error', text: landed ? t('onboarding.wizard.submitFieldErrors') : t('onboarding.wizard.submitFailed', { reason: (error as Error).message }) });
      return false;
    }
  };

  return { save, submit, message, busy: saveDraft.isPending || submitRecord.isPending };
}
