import { z } from 'zod';

/** The upstreams a sub-merchant or mini program belongs to: WeChat (providerA) and Alipay (providerB). */
export const providers = ['providerA', 'providerB'] as const;
export type Provider = (typeof providers)[number];
export const providerSchema = z.enum(providers);

export const isProvider = (value: unknown): value is Provider => providers.includes(value as Provider);
