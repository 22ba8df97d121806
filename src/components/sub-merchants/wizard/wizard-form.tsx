'use client';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { isFormDataField, type FormDataField } from '@/schemas/form-data/fields';
import { currentlyDue, requiredFieldsFor } from '@/schemas/form-data/requirements';
import { useI18n } from '@/i18n/i18n-provider';
import { ErrorSummary } from './error-summary';
import { toWizardValues, visibleFormData, type WizardValues } from './form-model';
import { StepNav } from './step-nav';
import { fieldId, isStepId, stepIds, type StepId } from './steps';
import { useStepTitle } from './use-field-label';
import { StepBody } from './step-body';
import { SaveStatusLine } from './save-status';
import { useErrorText } from './use-error-text';
import { useWizardActions } from './use-wizard-actions';
import { orderByForm } from './error-order';
import { WizardProvider } from './wizard-context';
import type { WizardBackend, WizardRecord } from './wizard-backend';

const loadSubmitRules = () => import('./validate-step');

/**
 * The onboarding form across its steps: one react-hook-form, the API's own submit rules per step. The operator's
 * console and the seller's hosted form both render it; `backend` says where it saves and in whose words it speaks.
 */
export function WizardForm({
  backend,
  record,
  onSubmitted,
}: {
  backend: WizardBackend;
  record: WizardRecord;
  /** After a submit the server accepted: where the person goes next. */
  onSubmitted: () => void;
}) {
  const { t } = useI18n();
  const seller = backend.mode === 'seller';
  const searchParams = useSearchParams();
  const requested = searchParams.get('step');
  const step: StepId = isStepId(requested) ? requested : 'license';
  const [server, setServer] = useState(record);
  const provider = server.provider;
  // The values as loaded: personal ones are the server's masks, restored into a masked field left empty.
  const [initialValues] = useState(() => toWizardValues(record.formData));
  const errorText = useErrorText(backend.mode);
  const stepTitle = useStepTitle(backend.mode);
  const actionsRef = useRef<{ baseline: { current: WizardValues }; masked: ReadonlySet<FormDataField> } | null>(null);
  const resolver: Resolver<WizardValues> = async (values) => {
    const { stepErrors } = await loadSubmitRules();
    const held = actionsRef.current;
    const errors = stepErrors(values, held?.baseline.current ?? initialValues, step, {
      provider,
      masked: held?.masked,
    });
    if (errors.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        errors.map((e) => [e.field, { type: e.code, message: errorText(e) }]),
      ) as FieldErrors<WizardValues>,
    };
  };
  // The submit rules (zod and the region table, ≈ 60 kB gzip, a third of a second of a phone's main thread to
  // evaluate) load when the operator first works in the form (focus, a tap) or at the first check: loading them as
  // soon as the page was idle kept a phone busy just as the operator could start typing.
  const preloadSubmitRules = () => void loadSubmitRules();
  const form = useForm<WizardValues>({ defaultValues: initialValues, resolver, shouldFocusError: false });
  const values = form.watch();
  const summaryRef = useRef<HTMLDivElement>(null);
  // The detail page's "fix" links name the field to focus.
  const [focusRequest, setFocusRequest] = useState<{ target: string; n: number } | null>(() => {
    const field = searchParams.get('field');
    return field && isFormDataField(field) ? { target: fieldId(field), n: 1 } : null;
  });

  const goTo = (next: StepId, field?: FormDataField) => {
    if (next !== step) window.history.pushState(null, '', `${window.location.pathname}?step=${next}`);
    setFocusRequest((r) => ({ target: field ? fieldId(field) : 'wizard-step-heading', n: (r?.n ?? 0) + 1 }));
  };
  useEffect(() => {
    if (!focusRequest) return;
    const frame = requestAnimationFrame(() => {
      const el = focusRequest.target === 'summary' ? summaryRef.current : document.getElementById(focusRequest.target);
      el?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, step]);

  const focusFirstError = (errors: FieldErrors<WizardValues>) => {
    const [first] = orderByForm(Object.keys(errors).map((field) => ({ field })));
    if (!first) return;
    setFocusRequest((r) => ({ target: step === 'review' ? 'summary' : fieldId(first.field), n: (r?.n ?? 0) + 1 }));
  };
  const actions = useWizardActions({ backend, form, server, initialValues, setServer, goTo, errorText });
  actionsRef.current = { baseline: actions.baseline, masked: actions.masked };
  const index = stepIds.indexOf(step);
  const nextStep = stepIds[index + 1];
  const previousStep = stepIds[index - 1];
  const checkAndContinue = form.handleSubmit(async () => {
    if (step !== 'review') {
      if (nextStep) goTo(nextStep);
      return;
    }
    const submitted = await actions.submit();
    if (submitted) onSubmitted();
  }, focusFirstError);
  // 保存并继续 saves first, whatever the step's state: a validation error never costs what was typed.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await actions.save())) return;
    await checkAndContinue();
  };

  const summaryItems = orderByForm(
    Object.entries(form.formState.errors).map(([field, error]) => ({ field, message: String(error?.message ?? '') })),
  );
  const rejected = Object.fromEntries(
    (server.chApplymentState === 'rejected' ? server.rejectReasons : []).map((r) => [r.field, r.reason]),
  );
  // What is still missing, from what is on screen now (not from the last save): the same provider-aware
  // requirements the server applies at submit.
  const missing = currentlyDue(visibleFormData(values, provider), provider);
  const context = {
    backend,
    provider,
    values,
    required: new Set(requiredFieldsFor(values, provider)),
    rejected,
    currentlyDue: missing,
    server: initialValues,
    masked: actions.masked,
    goTo,
  };
  const navigate = async (target: StepId) => {
    if (await actions.save()) goTo(target);
  };
  return (
    <WizardProvider value={context}>
      <FormProvider {...form}>
        <StepNav current={step} onNavigate={(target) => void navigate(target)} />
        <form
          className="rounded-lg border border-border bg-card px-5 py-4"
          onSubmit={(event) => void onSubmit(event)}
          onFocusCapture={preloadSubmitRules}
          onPointerDownCapture={preloadSubmitRules}
          noValidate
          aria-labelledby="wizard-step-heading"
        >
          <ErrorSummary ref={summaryRef} items={summaryItems} />
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2
              id="wizard-step-heading"
              tabIndex={-1}
              className="mt-1 focus:outline-2 focus:outline-offset-2 focus:outline-ring"
            >
              {t('subMerchants.wizard.stepOf', { n: index + 1, total: stepIds.length })} · {stepTitle(step)}
            </h2>
            <SaveStatusLine status={actions.status} onRetry={actions.retry} />
          </div>
          <StepBody step={step} />
          {actions.message && (
            <p
              role={actions.message.kind === 'error' ? 'alert' : 'status'}
              className={actions.message.kind === 'error' ? 'text-destructive' : 'text-muted-foreground'}
            >
              {actions.message.text}
            </p>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-2.5 border-t border-border pt-4 max-sm:[&>button]:flex-auto">
            {previousStep && (
              <Button variant="outline" disabled={actions.busy} onClick={() => void navigate(previousStep)}>
                {t('subMerchants.wizard.back')}
              </Button>
            )}
            {step !== 'review' && (
              <Button variant="secondary" disabled={actions.busy} onClick={() => void actions.save({ announce: true })}>
                {t('subMerchants.wizard.saveDraft')}
              </Button>
            )}
            <Button type="submit" disabled={actions.busy}>
              {step !== 'review'
                ? t('subMerchants.wizard.saveAndContinue')
                : seller
                  ? t('onboarding.form.submit')
                  : t('subMerchants.wizard.submit')}
            </Button>
          </div>
        </form>
        <ConfirmDialog
          open={actions.leave.to !== null}
          onOpenChange={(open) => {
            if (!open) actions.leave.cancel();
          }}
          title={t('subMerchants.wizard.leaveTitle')}
          description={t('subMerchants.wizard.leaveUnsaved')}
          confirmLabel={t('subMerchants.wizard.leaveConfirm')}
          onConfirm={actions.leave.confirm}
        />
      </FormProvider>
    </WizardProvider>
  );
}
