import type { Translate } from '@/i18n/format';
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
 * Record status, upstream state and provider names in the operator's language. Plain functions (no hook, no
 * formData catalogue) so server components use them too and the list page's bundle stays small.
 */
export const statusLabels = (t: Translate) => ({
  status: (status: string) => (statusKeys[status] ? t(statusKeys[status]) : status),
  state: (state: string | undefined) => t(stateKeys[state ?? 'none'] ?? 'onboarding.state.none'),
  provider: (provider: string) => (providerKeys[provider] ? t(providerKeys[provider]) : provider),
});

/** Badge colour of an upstream state: done, waiting on someone, or refused. */
export function stateTone(state: string | undefined): '' | 'ok' | 'warn' {
  if (state === 'finished') return 'ok';
  if (state === 'rejected' || state === 'canceled' || state === 'to_be_confirmed' || state === 'to_be_signed')
    return 'warn';
  return '';
}
