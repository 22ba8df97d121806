/** Record status, upstream state and provider names: the catalog keys, and labels in one language. */
import type { Translate } from './format';
import type { MessageKey } from './messages/en';
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
