'use client';

import { useFormContext } from 'react-hook-form';
import { formDataFields, type FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import { useSubMerchantLabels } from '../../use-sub-merchant-labels';
import type { WizardValues } from '../form-model';
import { FieldShell } from './field-shell';

/** One value of an enum field (subjectType, bankAccountType), labelled with the upstream's terms. */
export function SelectField({ name, hint }: { name: FormDataField; hint?: string }) {
  const { register } = useFormContext<WizardValues>();
  const { t } = useI18n();
  const labels = useSubMerchantLabels();
  const def = formDataFields[name];
  const values: readonly string[] = 'values' in def ? def.values : [];
  return (
    <FieldShell name={name} hint={hint}>
      {(control) => (
        <select {...control} {...register(name)}>
          <option value="">{t('subMerchants.field.choose')}</option>
          {values.map((v) => (
            <option key={v} value={v}>
              {labels.enumValue(v)}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
