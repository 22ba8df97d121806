// No zod here: console screens read these lists and predicates, and zod would ride along into their bundles
// (the schemas built from them live in src/schemas).

/** Our own status of a sub-merchant record (docs/product/service.md §2.2). */
export const subMerchantStatuses = ['pending', 'active', 'suspended'] as const;
export type SubMerchantStatus = (typeof subMerchantStatuses)[number];

/** The upstream application's state, normalized across providers. */
export const applicationStates = [
  'submitted',
  'auditing',
  'to_be_confirmed',
  'to_be_signed',
  'signing',
  'finished',
  'rejected',
  'canceled',
] as const;
export type ApplicationState = (typeof applicationStates)[number];

/** What the console filters by: an application state, or `none` for a record never submitted (a draft). */
export const upstreamStateFilters = ['none', ...applicationStates] as const;
export type UpstreamStateFilter = (typeof upstreamStateFilters)[number];

/** The upstream review is under way: formData cannot change (409 onboarding_in_progress). */
export const reviewUnderWayStates = [
  'submitted',
  'auditing',
  'to_be_confirmed',
  'to_be_signed',
  'signing',
] as const satisfies readonly ApplicationState[];

/** The merchant has to act (confirm the account, sign): the console shows the sign QR code. */
export const waitingOnMerchantStates = [
  'to_be_confirmed',
  'to_be_signed',
] as const satisfies readonly ApplicationState[];
export type WaitingOnMerchantState = (typeof waitingOnMerchantStates)[number];

const isOneOf = <T extends string>(states: readonly T[], state: string | null | undefined): state is T =>
  state != null && (states as readonly string[]).includes(state);

export const waitingOnMerchant = (state: string | null | undefined) => isOneOf(waitingOnMerchantStates, state);
export const reviewUnderWay = (state: string | null | undefined) => isOneOf(reviewUnderWayStates, state);

/** The wizard may edit and submit: never submitted, or sent back by the upstream. */
export const editable = (state: string | null | undefined) =>
  state === undefined || state === 'rejected' || state === 'canceled';
