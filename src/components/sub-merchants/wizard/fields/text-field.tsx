'use client';

import { useFormContext } from 'react-hook-form';
import { formDataFields, type FormDataField } from '@/schemas/form-data/fields';
import type { WizardValues } from '../form-model';
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

/** A plain text field; personal values arrive masked and are only sent again when the operator retypes them. */
export function TextField({ name, hint }: { name: FormDataField; hint?: string }) {
  const { register } = useFormContext<WizardValues>();
  const mode = inputModes[name] ?? {};
  return (
    <FieldShell name={name} hint={hint}>
      {(control) => (
        <input
          {...control}
          {...register(name)}
          type={mode.type ?? 'text'}
          inputMode={mode.inputMode}
          autoComplete={mode.autoComplete ?? 'off'}
          maxLength={formDataFields[name].maxLength}
          spellCheck={false}
        />
      )}
    </FieldShell>
  );
}
