'use client';

import { useCallback, useContext } from 'react';
import type { FormDataField } from '@/schemas/form-data/fields';
import { sellerFieldLabel } from '@/schemas/form-data/seller-labels';
import { useI18n } from '@/i18n/i18n-provider';
import { useSubMerchantLabels } from '../use-sub-merchant-labels';
import type { WizardBackend } from './wizard-backend';
import { WizardContext } from './wizard-context';
import { sellerStepTitleKeys, stepTitleKeys, type StepId } from './steps';

/**
 * A field's label in the wizard's wording: the upstream's term for operators, the shop owner's words on the
 * seller's form. `mode` for callers above the wizard's context (the form itself); inside, the context's.
 */
export function useFieldLabel(mode?: WizardBackend['mode']) {
  const { locale } = useI18n();
  const labels = useSubMerchantLabels();
  const context = useContext(WizardContext);
  const seller = (mode ?? context?.backend.mode) === 'seller';
  return useCallback(
    (field: FormDataField | string) =>
      seller ? sellerFieldLabel(field as FormDataField, locale) : labels.field(field),
    [seller, locale, labels],
  );
}

/** A step's title in the wizard's wording (the console's, or the shop owner's on the seller's form). */
export function useStepTitle(mode?: WizardBackend['mode']) {
  const { t } = useI18n();
  const context = useContext(WizardContext);
  const keys = (mode ?? context?.backend.mode) === 'seller' ? sellerStepTitleKeys : stepTitleKeys;
  return useCallback((step: StepId) => t(keys[step]), [t, keys]);
}
