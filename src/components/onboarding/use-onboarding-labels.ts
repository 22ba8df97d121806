'use client';

import { useMemo } from 'react';
import { enumValueLabels, formDataFields, groupLabels, type FieldGroup, type FormDataField } from '@/schemas/form-data';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';

export const statusKeys: Record<string, MessageKey> = {
  pending: 'onboarding.status.pending',
  active: 'onboarding.status.active',
  suspended: 'onboarding.status.suspended',
};

export const stateKeys: Record<string, MessageKey> = {
  none: 'onboarding.state.none',
  submitted: 'onboarding.state.submitted',
  auditing: 'onboarding.state.auditing',
  to_be_confirmed: 'onboarding.state.to_be_confirmed',
  to_be_signed: 'onboarding.state.to_be_signed',
  signing: 'onboarding.state.signing',
  finished: 'onboarding.state.finished',
  rejected: 'onboarding.state.rejected',
  canceled: 'onboarding.state.canceled',
};

export const providerKeys: Record<string, MessageKey> = {
  providerA: 'onboarding.provider.providerA',
  providerB: 'onboarding.provider.providerB',
};

/**
 * Labels of formData fields, enum values and groups in the operator's language, straight from the formData
 * catalogue (the upstream's own terms), plus status / state / provider names from the onboarding catalog.
 */
export function useOnboardingLabels() {
  const { t, locale } = useI18n();
  return useMemo(
    () => ({
      field: (field: FormDataField | string) => (field in formDataFields ? formDataFields[field as FormDataField].label[locale] : field),
      enumValue: (value: string) => enumValueLabels[value as keyof typeof enumValueLabels]?.[locale] ?? value,
      group: (group: FieldGroup) => groupLabels[group][locale],
      status: (status: string) => (statusKeys[status] ? t(statusKeys[status]) : status),
      state: (state: string | undefined) => t(stateKeys[state ?? 'none'] ?? 'onboarding.state.none'),
      provider: (provider: string) => (providerKeys[provider] ? t(providerKeys[provider]) : provider),
    }),
    [t, locale],
  );
}

/** Badge colour of an upstream state: done, waiting on someone, or refused. */
export function stateTone(state: string | undefined): '' | 'ok' | 'warn' {
  if (state === 'finished') return 'ok';
  if (state === 'rejected' || state === 'canceled' || state === 'to_be_confirmed' || state === 'to_be_signed') return 'warn';
  return '';
}
