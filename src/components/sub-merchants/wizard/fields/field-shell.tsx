'use client';

import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import type { FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import { useSubMerchantLabels } from '../../use-sub-merchant-labels';
import { formatHintKeys } from '../field-hints';
import { fieldId } from '../steps';
import { useWizard } from '../wizard-context';
import type { WizardValues } from '../form-model';
import styles from '../wizard.module.css';

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
  const labels = useSubMerchantLabels();
  const { rejected, required } = useWizard();
  const { errors } = useFormState<WizardValues>({ name });
  const error = errors[name]?.message;
  const reason = rejected[name];
  const id = fieldId(name);
  const hintKey = formatHintKeys[name];
  const hint = props.hint ?? (hintKey ? t(hintKey) : undefined);
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
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  );
  const notes = (
    <>
      {hint && (
        <small id={`${id}-hint`} className={`muted ${styles.hint}`}>
          {hint}
        </small>
      )}
      {reason && (
        <p id={`${id}-rejected`} className={styles.rejected} data-testid={`rejected-${name}`}>
          {t('subMerchants.field.rejectedBecause', { reason })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={`error ${styles.fieldError}`}>
          {String(error)}
        </p>
      )}
    </>
  );
  if (legend) {
    return (
      <fieldset className={`${styles.field} ${styles.fieldset}`} data-field={name}>
        <legend>
          {labels.field(name)} {marker}
        </legend>
        {children(control)}
        {notes}
      </fieldset>
    );
  }
  return (
    <div className={styles.field} data-field={name}>
      <div className={styles.labelRow}>
        <label htmlFor={id}>{labels.field(name)}</label>
        {marker}
      </div>
      {children(control)}
      {notes}
    </div>
  );
}
