'use client';

import { NativeSelect } from '@/components/ui/native-select';
import { useFormContext } from 'react-hook-form';
import { useI18n } from '@/i18n/i18n-provider';
import type { WizardValues } from '../form-model';
import { useWizard } from '../wizard-context';
import { FieldShell } from '../fields/field-shell';
import { industryOptions } from './reference-options';

/**
 * 所属行业 → 结算规则 (WeChat): the industries the subject type's settlement rules accept; picking one fills the
 * settlement rule id it belongs to, so the two can never disagree and no code is typed.
 */
export function IndustryPicker() {
  const { t } = useI18n();
  const { values } = useWizard();
  const { setValue } = useFormContext<WizardValues>();
  const options = industryOptions(values.subjectType);
  const industry = String(values.qualificationType ?? '');
  const settlementId = String(values.settlementId ?? '');
  const rules = options.filter((o) => o.qualificationType === industry);
  const industries = [...new Set(options.map((o) => o.qualificationType))];
  const chosen = rules.find((o) => o.settlementId === settlementId);
  const pickIndustry = (name: string) => {
    setValue('qualificationType', name, { shouldDirty: true, shouldValidate: false });
    const matching = options.filter((o) => o.qualificationType === name);
    // One rule offers the industry (the usual case): it is the settlement rule; several: the operator picks.
    setValue('settlementId', matching.length === 1 ? matching[0]!.settlementId : '', { shouldDirty: true });
  };
  return (
    <>
      <FieldShell name="qualificationType">
        {(control) => (
          <NativeSelect {...control} value={industry} onChange={(e) => pickIndustry(e.target.value)}>
            <option value="">{t('subMerchants.field.choose')}</option>
            {industry && !industries.includes(industry) && <option value={industry}>{industry}</option>}
            {industries.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FieldShell>
      <FieldShell
        name="settlementId"
        hint={
          chosen?.qualifications.length
            ? t('subMerchants.picker.qualificationsNeeded', { list: chosen.qualifications.join('、') })
            : t('subMerchants.picker.settlementFromIndustry')
        }
      >
        {(control) => (
          <NativeSelect
            {...control}
            value={settlementId}
            disabled={rules.length === 0}
            onChange={(e) => setValue('settlementId', e.target.value, { shouldDirty: true })}
          >
            <option value="">{t('subMerchants.field.choose')}</option>
            {settlementId && !chosen && <option value={settlementId}>{settlementId}</option>}
            {rules.map((rule) => (
              <option key={rule.settlementId} value={rule.settlementId}>
                {t('subMerchants.picker.settlementRule', { id: rule.settlementId, rate: rule.rate })}
              </option>
            ))}
          </NativeSelect>
        )}
      </FieldShell>
    </>
  );
}
