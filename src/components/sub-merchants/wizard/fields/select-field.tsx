'use client';

import { NativeSelect } from '@/components/ui/native-select';
import { useFormContext } from 'react-hook-form';
import { acceptedValues, type FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import { useSubMerchantLabels } from '../../use-sub-merchant-labels';
import type { WizardValues } from '../form-model';
import { useWizard } from '../wizard-context';
import { FieldShell } from './field-shell';

/** Values the provider rules refuse for what is already chosen: an enterprise settles to a corporate account. */
function impossible(name: FormDataField, value: string, values: Readonly<Record<string, unknown>>): boolean {
  return (
    name === 'bankAccountType' &&
    value === 'BANK_ACCOUNT_TYPE_PERSONAL' &&
    values.subjectType === 'SUBJECT_TYPE_ENTERPRISE'
  );
}

/**
 * One value of an enum field (subjectType, bankAccountType), labelled with the upstream's terms; values the provider
 * does not take and impossible ones hidden.
 */
export function SelectField({ name, hint }: { name: FormDataField; hint?: string }) {
  const { register } = useFormContext<WizardValues>();
  const { t } = useI18n();
  const labels = useSubMerchantLabels();
  const wizard = useWizard();
  // Only what the record's provider accepts (the registry's valuesFor), and nothing the rules refuse.
  const values = acceptedValues(name, wizard.provider).filter((v) => !impossible(name, v, wizard.values));
  return (
    <FieldShell name={name} hint={hint}>
      {(control) => (
        <NativeSelect {...control} {...register(name)}>
          <option value="">{t('subMerchants.field.choose')}</option>
          {values.map((v) => (
            <option key={v} value={v}>
              {labels.enumValue(v, wizard.provider)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FieldShell>
  );
}
