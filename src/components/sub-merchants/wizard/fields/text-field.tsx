'use client';

import { Input } from '@/components/ui/input';
import { useFormContext } from 'react-hook-form';
import { cleanFieldValue } from '@/schemas/form-data/clean-input';
import { formDataFields, type FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import type { WizardValues } from '../form-model';
import { useWizard } from '../wizard-context';
import { FieldShell } from './field-shell';

const inputModes: Partial<
  Record<FormDataField, { type?: string; inputMode?: 'tel' | 'email' | 'numeric'; autoComplete?: string }>
> = {
  contactMobile: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
  contactEmail: { type: 'email', inputMode: 'email', autoComplete: 'off' },
  servicePhone: { type: 'tel', inputMode: 'tel' },
  accountNumber: { inputMode: 'numeric', autoComplete: 'off' },
  storeAddressCode: { inputMode: 'numeric' },
  bankAddressCode: { inputMode: 'numeric' },
  bankBranchId: { inputMode: 'numeric' },
};

/**
 * A plain text field, cleaned on blur (full-width digits, spaces in numbers, upper-case codes: clean-input.ts).
 * A personal value arrives masked (`张*`): focusing it empties the field so the operator types the whole value,
 * and leaving it empty brings the mask back; an untouched mask is never sent.
 */
export function TextField({ name, hint }: { name: FormDataField; hint?: string }) {
  const { register, getValues, setValue } = useFormContext<WizardValues>();
  const { t } = useI18n();
  const { masked, server } = useWizard();
  const mode = inputModes[name] ?? {};
  const mask = masked.has(name) ? String(server[name]) : undefined;
  const showsMask = mask !== undefined && getValues(name) === mask;
  const field = register(name, {
    onBlur: (event: { target: HTMLInputElement }) => {
      const value = event.target.value;
      if (mask !== undefined && value === '') setValue(name, mask);
      else if (value !== mask) {
        const cleaned = cleanFieldValue(name, value);
        if (cleaned !== value) setValue(name, cleaned, { shouldDirty: true });
      }
    },
  });
  return (
    <FieldShell name={name} hint={showsMask ? t('subMerchants.field.maskedHint', { masked: mask }) : hint}>
      {(control) => (
        <Input
          {...control}
          {...field}
          onFocus={() => {
            if (mask !== undefined && getValues(name) === mask) setValue(name, '');
          }}
          type={mode.type ?? 'text'}
          inputMode={mode.inputMode}
          autoComplete={mode.autoComplete ?? 'off'}
          maxLength={formDataFields[name].maxLength}
          spellCheck={false}
          data-masked={showsMask ? 'true' : undefined}
        />
      )}
    </FieldShell>
  );
}
