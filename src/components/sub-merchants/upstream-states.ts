/**
 * Upstream application states as the console shows and filters them (mirrors ApplicationState on the server;
 * kept here so client bundles do not import server modules). `none` = never submitted.
 */
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
export const upstreamStateFilters = ['none', ...applicationStates] as const;

/** The merchant has to act (confirm the account, sign): the console shows the sign QR code. */
export const waitingOnMerchant = (state: string | undefined) => state === 'to_be_confirmed' || state === 'to_be_signed';

/** The upstream review is under way: formData cannot change (the server answers 409). */
export const reviewUnderWay = (state: string | undefined) =>
  state === 'submitted' ||
  state === 'auditing' ||
  state === 'to_be_confirmed' ||
  state === 'to_be_signed' ||
  state === 'signing';

/** The wizard may edit and submit: never submitted, or sent back by the upstream. */
export const editable = (state: string | undefined) =>
  state === undefined || state === 'rejected' || state === 'canceled';

/** Record statuses and providers (mirrors the server's schema enums without importing drizzle into the browser). */
export const subMerchantStatusValues = ['pending', 'active', 'suspended'] as const;
export const providerValues = ['providerA', 'providerB'] as const;
export type ProviderValue = (typeof providerValues)[number];
