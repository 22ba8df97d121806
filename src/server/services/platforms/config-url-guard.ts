/**
 * Checks of config values that point somewhere (SSRF). Notify URLs, in every mode: http(s) (https in live
 * mode), and no loopback, private or link-local address unless ALLOW_PRIVATE_WEBHOOK_URLS=1; in sandbox mode a
 * host that does not resolve yet is accepted. Redirect allowlist entries, in live mode: no host naming this
 * machine or a private network (sandbox integrators redirect to localhost on purpose). Deliveries check again at
 * connect time (pinned-fetch.ts): DNS can change after configuration.
 */
import type { PlatformConfigKey } from '@/schemas/platform-config';
import { deliveryUrlProblem, isPrivateHostLiteral, type LookupAll } from '../events/delivery-url-guard';

const notifyUrlKeys: PlatformConfigKey[] = ['payments.notify_url', 'miniprogram.audit_notify_url'];

export type ConfigUrlOptions = { mode: 'sandbox' | 'live'; allowPrivate: boolean; lookup?: LookupAll };

export async function configUrlProblem(
  key: PlatformConfigKey,
  value: unknown,
  options: ConfigUrlOptions,
): Promise<string | null> {
  if (notifyUrlKeys.includes(key) && typeof value === 'string') {
    const problem = await deliveryUrlProblem(value, { ...options, acceptUnresolved: options.mode === 'sandbox' });
    return problem && problem.replace(/^refused: /, '');
  }
  if (options.mode === 'live' && key === 'miniprogram.redirect_uri_allowlist' && Array.isArray(value)) {
    const local = value.find((entry) => isPrivateHostLiteral(String(entry).replace(/^\*\./, '').replace(/:\d+$/, '')));
    if (local !== undefined)
      return `${local} is a loopback or private host; redirects in live mode must go to public hosts`;
  }
  return null;
}
