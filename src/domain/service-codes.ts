/** The API areas an API key can be scoped to: sub-merchant payments and hosted mini programs. */
export const serviceCodes = ['payments', 'miniprogram'] as const;
export type ServiceCode = (typeof serviceCodes)[number];
