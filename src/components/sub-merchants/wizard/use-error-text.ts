'use client';

import { useCallback } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { useFieldLabel } from './use-field-label';
import type { WizardBackend } from './wizard-backend';
import { formatHintKeys } from './field-hints';
import type { WizardFieldError } from './error-order';

const codeKeys: Record<string, MessageKey> = {
  required: 'subMerchants.error.required',
  invalid_format: 'subMerchants.error.invalid_format',
  invalid_check_digit: 'subMerchants.error.invalid_check_digit',
  invalid_value: 'subMerchants.error.invalid_value',
  invalid_type: 'subMerchants.error.invalid_value',
  too_long: 'subMerchants.error.too_long',
  too_many: 'subMerchants.error.too_many',
  masked_value: 'subMerchants.error.masked_value',
};

/**
 * An error message in the operator's language. English uses the formData module's own messages (they name the
 * expected format); Chinese rebuilds them from the code, the field's label and its format hint. Codes the
 * formData rules do not know (the upstream's own rejections) keep the server's words.
 */
export function useErrorText(mode?: WizardBackend['mode']) {
  const { t, locale } = useI18n();
  const fieldLabel = useFieldLabel(mode);
  return useCallback(
    (error: WizardFieldError) => {
      const key = codeKeys[error.code];
      if (locale === 'en' || !key) return error.message;
      if (error.code === 'invalid_value' && error.field === 'bankAccountType')
        return t('subMerchants.error.enterpriseAccount');
      if (error.code === 'invalid_value' && /PeriodEnd$/.test(error.field))
        return t('subMerchants.error.periodOrder', { label: fieldLabel(error.field) });
      const hint = formatHintKeys[error.field];
      const text = t(key, { label: fieldLabel(error.field) });
      // A hint's `code` marks are for rendered text; a message is plain.
      return error.code === 'invalid_format' && hint ? `${text}：${t(hint).replaceAll('`', '')}` : text;
    },
    [t, locale, fieldLabel],
  );
}
