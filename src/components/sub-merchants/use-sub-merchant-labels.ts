'use client';

import { useMemo } from 'react';
import { formDataFields, type FieldGroup, type FormDataField, type Label } from '@/schemas/form-data/fields';
import { enumValueLabels, groupLabels, providerValueLabels } from '@/schemas/form-data/labels';
import type { Provider } from '@/domain/providers';
import { useI18n } from '@/i18n/i18n-provider';
import { statusLabels } from './status-labels';

export { stateTone, toneVariant } from './status-labels';

/**
 * Labels of formData fields, enum values and groups in the operator's language, straight from the formData
 * catalogue (the upstream's own terms), plus status / state / provider names from the sub-merchant catalog.
 */
export function useSubMerchantLabels() {
  const { t, locale } = useI18n();
  return useMemo(
    () => ({
      field: (field: FormDataField | string) =>
        field in formDataFields ? formDataFields[field as FormDataField].label[locale] : field,
      /** In the provider's own words when it names the value differently (providerValueLabels). */
      enumValue: (value: string, provider?: Provider) =>
        (provider && (providerValueLabels[provider] as Record<string, Label> | undefined)?.[value]?.[locale]) ??
        enumValueLabels[value as keyof typeof enumValueLabels]?.[locale] ??
        value,
      group: (group: FieldGroup) => groupLabels[group][locale],
      ...statusLabels(t),
    }),
    [t, locale],
  );
}
