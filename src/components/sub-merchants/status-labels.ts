import type { Translate } from '@/i18n/format';
import type { MessageKey } from '@/i18n/messages/en';
import type { Provider } from '@/domain/providers';
import type { SubMerchantStatus, UpstreamStateFilter } from '@/domain/sub-merchant-states';

export const statusKeys: Record<string, MessageKey> = {
  pending: 'subMerchants.status.pending',
  active: 'subMerchants.status.active',
  suspended: 'subMerchants.status.suspended',
} satisfies Record<SubMerchantStatus, MessageKey>;

export const stateKeys: Record<string, MessageKey> = {
  none: 'subMerchants.state.none',
  submitted: 'subMerchants.state.submitted',
  auditing: 'subMerchants.state.auditing',
  to_be_confirmed: 'subMerchants.state.to_be_confirmed',
  to_be_signed: 'subMerchants.state.to_be_signed',
  signing: 'subMerchants.state.signing',
  finished: 'subMerchants.state.finished',
  rejected: 'subMerchants.state.rejected',
  canceled: 'subMerchants.state.canceled',
} satisfies Record<UpstreamStateFilter, MessageKey>;

export const providerKeys: Record<string, MessageKey> = {
  providerA: 'subMerchants.provider.providerA',
  providerB: 'subMerchants.provider.providerB',
} satisfies Record<Provider, MessageKey>;

/**
 * Record status, upstream state and provider names in the operator's language. Plain functions (no hook, no
 * formData catalogue) so server components use them too and the list page's bundle stays small.
 */
export const statusLabels = (t: Translate) => ({
  status: (status: string) => (statusKeys[status] ? t(statusKeys[status]) : status),
  state: (state: string | undefined) => t(stateKeys[state ?? 'none'] ?? 'subMerchants.state.none'),
  provider: (provider: string) => (providerKeys[provider] ? t(providerKeys[provider]) : provider),
});

/** The Badge variant (src/components/ui/badge) of each tone. */
export const toneVariant = { ok: 'success', warn: 'warning', '': 'default' } as const;

/** Badge colour of an upstream state: done, waiting on someone, or refused. */
export function stateTone(state: string | undefined): '' | 'ok' | 'warn' {
  if (state === 'finished') return 'ok';
  // waitingOnMerchant() spelled out: importing it would bring zod (its module's schemas) into the list's bundle.
  if (state === 'rejected' || state === 'canceled' || state === 'to_be_confirmed' || state === 'to_be_signed') {
    return 'warn';
  }
  return '';
}
