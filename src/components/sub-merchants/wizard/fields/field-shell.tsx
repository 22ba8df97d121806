'use client';

import { richText } from '@/components/ui/rich-text';
import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import type { FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import { useFieldLabel } from '../use-field-label';
import { formatHintKeys } from '../field-hints';
import { fieldId } from '../steps';
import { useWizard } from '../wizard-context';
import type { WizardValues } from '../form-model';

export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

/**
 * Label, hint, the upstream's rejection reason and the error of one field, tied to the control with
 * htmlFor / aria-describedby / aria-invalid. `legend` renders a fieldset instead (checkbox groups).
 */
export function FieldShell(props: {
  name: FormDataField;
  hint?: string;
  legend?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  const { name, legend, children } = props;
  const { t } = useI18n();
  const fieldLabel = useFieldLabel();
  const { rejected, required } = useWizard();
  const { errors } = useFormState<WizardValues>({ name });
  const error = errors[name]?.message;
  const reason = rejected[name];
  const id = fieldId(name);
  const hintKey = formatHintKeys[name];
  const hint = props.hint ?? (hintKey ? richText(t(hintKey)) : undefined);
  const describedBy =
    [hint && `${id}-hint`, reason && `${id}-rejected`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required.has(name) ? true : undefined,
  };
  // The marker sits outside the <label> so the label's text is exactly the upstream's term.
  const marker = required.has(name) && (
    <span className="font-semibold text-destructive" aria-hidden="true">
      *
    </span>
  );
  const notes = (
    <>
      {hint && (
        <small id={`${id}-hint`} className="mt-1 block text-muted-foreground">
          {hint}
        </small>
      )}
      {reason && (
        <p
          id={`${id}-rejected`}
          className="mt-1 border-l-3 border-warning bg-warning-soft px-2.5 py-1.5 text-sm text-warning"
          data-testid={`rejected-${name}`}
        >
          {t('subMerchants.field.rejectedBecause', { reason })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-destructive">
          {String(error)}
        </p>
      )}
    </>
  );
  if (legend) {
    return (
      <fieldset
        className="m-0 mb-3.5 min-w-0 border-0 p-0 [&>legend]:mt-3 [&>legend]:mb-1 [&>legend]:p-0 [&>legend]:text-sm [&>legend]:font-semibold"
        data-field={name}
      >
        <legend>
          {fieldLabel(name)} {marker}
        </legend>
        {children(control)}
        {notes}
      </fieldset>
    );
  }
  return (
    <div className="mb-3.5" data-field={name}>
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="mt-3 mb-1 block text-sm font-semibold">
          {fieldLabel(name)}
        </label>
        {marker}
      </div>
      {children(control)}
      {notes}
    </div>
  );
}
