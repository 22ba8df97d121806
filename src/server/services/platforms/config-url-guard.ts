/**
 * Checks of config values that point somewhere (SSRF). Notify URLs, in every mode: http(s) (https in live
 * mode), and no loopback, private or link-local address unless ALLOW_PRIVATE_WEBHOOK_URLS=1; in sandbox mode a
 * host that does not resolve yet is accepted. Redirect allowlist entries, in live mode: no host naming this
 * machine or a private network (sandbox integrators redirect to localhost on purpose). Deliveries check again at
 * connect time (pinned-fetch.ts): DNS can change after configuration.
 */
import type { PlatformConfigKey } from '@/schemas/platform-config';
import {
  deliveryUrlRefusal,
  isPrivateHostLiteral,
  type LookupAll,
  type UrlRefusal,
} from '../events/delivery-url-guard';

const notifyUrlKeys: PlatformConfigKey[] = ['payments.notify_url', 'miniprogram.audit_notify_url'];

export type ConfigUrlOptions = { mode: 'sandbox' | 'live'; allowPrivate: boolean; lookup?: LookupAll };

const PRIVATE_FIX =
  '; for a receiver on your own machine start the service with ALLOW_PRIVATE_WEBHOOK_URLS=1 (local development only)';

/** Why a config value is refused: a notify URL's refusal, or (live mode) a private redirect host. */
export type ConfigUrlRefusal = UrlRefusal | { code: 'private_redirect_host'; message: string };

export async function configUrlProblem(
  key: PlatformConfigKey,
  value: unknown,
  options: ConfigUrlOptions,
): Promise<ConfigUrlRefusal | null> {
  if (notifyUrlKeys.includes(key) && typeof value === 'string') {
    const refusal = await deliveryUrlRefusal(value, { ...options, acceptUnresolved: options.mode === 'sandbox' });
    // The one refusal a developer meets on their own machine names its fix.
    return refusal?.code === 'private_address' ? { ...refusal, message: refusal.message + PRIVATE_FIX } : refusal;
  }
  if (options.mode === 'live' && key === 'miniprogram.redirect_uri_allowlist' && Array.isArray(value)) {
    const local = value.find((entry) => isPrivateHostLiteral(String(entry).replace(/^\*\./, '').replace(/:\d+$/, '')));
    if (local !== undefined)
      return {
        code: 'private_redirect_host',
        message: `${local} is a loopback or private host; redirects in live mode must go to public hosts`,
      };
  }
  return null;
}
