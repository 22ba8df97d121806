'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import type { WizardBackend, WizardRecord, WizardResult } from './wizard-backend';
import { applyPatch, draftPatch, maskedFieldsOf, type WizardValues } from './form-model';
import { stepOfField, type StepId } from './steps';
import type { WizardFieldError } from './error-order';
import { uploadsInFlight, uploadsSettled } from './fields/uploads-in-flight';
import { useAutosave, type AutosaveResult } from '@/components/ui/use-autosave';

type Options = {
  backend: WizardBackend;
  form: UseFormReturn<WizardValues>;
  server: WizardRecord;
  /** The record's values as loaded (personal ones masked). */
  initialValues: WizardValues;
  setServer: (record: WizardRecord) => void;
  goTo: (step: StepId, field?: FormDataField) => void;
  errorText: (error: WizardFieldError) => string;
};

export type ActionMessage = { kind: 'error' | 'status'; text: string };
type SaveFailure = Extract<WizardResult, { ok: false }>;

/** How long typing may pause before the draft is saved: well inside the two seconds an operator may lose. */
const AUTOSAVE_DELAY_MS = 800;

/**
 * Saving the draft and submitting, through the wizard's backend: the console's server actions (the same tRPC
 * procedures' rules) or the seller's (the seller session's record); no tRPC client in the wizard's bundle.
 *
 * Autosave (useAutosave): every change is saved shortly after the operator pauses, valid or not (the draft keeps
 * what was typed; validation is for submit). Saves run one after another, each sending only what differs from
 * what the server already holds (`baseline`), with the `updatedAt` of the last save: a save made elsewhere in
 * between is a conflict the operator is told about, never a silent overwrite. The form is never reset from
 * the server's answer, so what the operator is typing stays under the cursor.
 */
export function useWizardActions({ backend, form, server, initialValues, setServer, goTo, errorText }: Options) {
  const { t } = useI18n();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ActionMessage | null>(null);
  /** Where a console link would have taken the operator while changes were unsaved: the leave dialog is open. */
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const [masked, setMasked] = useState<ReadonlySet<FormDataField>>(() => maskedFieldsOf(initialValues));
  const baseline = useRef(initialValues);
  const maskedRef = useRef(masked);
  const updatedAt = useRef(server.updatedAt);
  const provider = server.provider;

  // The seller's only credential is the link's session: NOT_FOUND means it ended, said in the seller's words.
  const reasonOf = (failure: SaveFailure) =>
    backend.mode === 'seller' && failure.code === 'NOT_FOUND' ? t('onboarding.session.expired') : failure.message;

  const pendingPatch = useCallback(
    () => draftPatch(form.getValues(), baseline.current, { provider, masked: maskedRef.current }),
    [form, provider],
  );

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

  /** One save of whatever differs from the baseline now. */
  const saveDraft = async (): Promise<AutosaveResult<SaveFailure>> => {
    const patch = pendingPatch();
    let result: WizardResult;
    try {
      result = await backend.saveDraft(patch, updatedAt.current);
    } catch {
      // The action did not answer (network, server down): nothing is known to have changed.
      result = { ok: false, code: 'INTERNAL_SERVER_ERROR', message: t('subMerchants.wizard.unreachable'), errors: [] };
    }
    if (!result.ok) return { ok: false, conflict: result.code === 'CONFLICT', error: result };
    baseline.current = applyPatch(baseline.current, patch);
    const stillMasked = new Set([...maskedRef.current].filter((field) => !(field in patch)));
    maskedRef.current = stillMasked;
    setMasked(stillMasked);
    updatedAt.current = result.record.updatedAt;
    setServer(result.record);
    setMessage((m) => (m?.kind === 'error' ? null : m));
    return { ok: true };
  };

  const autosave = useAutosave({
    form,
    hasChanges: () => Object.keys(pendingPatch()).length > 0,
    save: saveDraft,
    onFailure: async (failure: SaveFailure) => {
      await landFieldErrors(failure);
      setMessage({ kind: 'error', text: t('subMerchants.wizard.saveFailed', { reason: reasonOf(failure) }) });
    },
    delayMs: AUTOSAVE_DELAY_MS,
  });
  const { flush, currentStatus, markSaving } = autosave;

  // Leaving with unsaved changes asks first: closing or reloading the tab (beforeunload, the browser's own
  // prompt), and links elsewhere in the console (caught before Next's router sees the click; the wizard's leave
  // dialog asks). Leaving through the browser's back button
  // cannot be held in the App Router, so the wizard saves what is pending as it unmounts.
  useEffect(() => {
    // A photo still uploading is unsaved too: its media id reaches the draft only when the upload answers.
    const unsaved = () =>
      uploadsInFlight() > 0 || currentStatus() !== 'saved' || Object.keys(pendingPatch()).length > 0;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.closest('[data-wizard-internal]'))
        return;
      const url = new URL(link.href, window.location.href);
      if (url.pathname === window.location.pathname || !unsaved()) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaveTo(url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      if (unsaved() && currentStatus() !== 'conflict') void flush();
    };
  }, [pendingPatch, currentStatus, flush]);

  const save = async (options: { announce?: boolean } = {}): Promise<boolean> => {
    setBusy(true);
    try {
      // "Saved" must include a photo still on its way: wait for its upload, whose answer is then saved.
      if (uploadsInFlight() > 0) {
        markSaving();
        await uploadsSettled();
      }
      const saved = await flush();
      if (saved && options.announce) setMessage({ kind: 'status', text: t('subMerchants.wizard.saved') });
      return saved;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (): Promise<boolean> => {
    if (!(await save())) return false;
    setBusy(true);
    let result: WizardResult;
    try {
      result = await backend.submit();
    } catch {
      result = { ok: false, code: 'INTERNAL_SERVER_ERROR', message: t('subMerchants.wizard.unreachable'), errors: [] };
    } finally {
      setBusy(false);
    }
    if (result.ok) return true;
    const landed = await landFieldErrors(result);
    setMessage({
      kind: 'error',
      text: landed
        ? t('subMerchants.wizard.submitFieldErrors')
        : t('subMerchants.wizard.submitFailed', { reason: reasonOf(result) }),
    });
    return false;
  };

  const leave = {
    to: leaveTo,
    cancel: () => setLeaveTo(null),
    // Leaving anyway still saves what is pending as the wizard unmounts; the operator just does not wait for it.
    confirm: () => {
      if (!leaveTo) return;
      if (leaveTo.startsWith('/')) router.push(leaveTo);
      else window.location.assign(leaveTo);
    },
  };

  return { save, submit, message, busy, status: autosave.status, masked, baseline, leave, retry: () => void save() };
}
