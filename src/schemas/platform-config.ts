/** Platform configuration keys (docs/product/decisions.md) with their value rules; shared by REST, tRPC, CLI and console. */
import { z } from 'zod';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const platformConfigSchemas = {
  'payments.notify_url': httpUrl,
  'payments.default_commission_rate': z.coerce
    .number({ error: 'must be a number' })
    .min(0)
    .max(100)
    .refine((v) => Math.round(v * 100) === v * 100, 'at most 2 decimals'),
  /** What the seller's submit on the hosted onboarding form does: submit upstream, or wait for an operator (default). */
  'payments.seller_submit': z.enum(['direct', 'review']),
  'miniprogram.audit_notify_url': httpUrl,
  'miniprogram.template_mode': z.enum(['upstream', 'manual']),
  'miniprogram.template_mode.providerA': z.enum(['upstream', 'manual']),
  'miniprogram.template_mode.providerB': z.enum(['upstream', 'manual']),
  'miniprogram.redirect_uri_allowlist': z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.string().regex(/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i, 'must be a host name, e.g. shop.example.com')).max(50),
  ),
} as const;

export type PlatformConfigKey = keyof typeof platformConfigSchemas;
export const platformConfigKeys = Object.keys(platformConfigSchemas) as PlatformConfigKey[];

// Own keys only: `key in` would also accept "__proto__", "constructor" and every other inherited name.
export const isPlatformConfigKey = (key: string): key is PlatformConfigKey => Object.hasOwn(platformConfigSchemas, key);
