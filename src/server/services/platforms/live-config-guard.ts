/**
 * Live-mode checks of config values that point somewhere (SSRF): notify URLs must be https and resolve only to
 * public addresses; redirect allowlist entries must not name this machine or a private network. Sandbox mode
 * allows local receivers on purpose (integrators and tests run them on localhost). Deliveries check again at
 * connect time (pinned-fetch.ts): DNS can change after configuration.
 */
import type { PlatformConfigKey } from '@/schemas/platform-config';
import { deliveryUrlProblem, isPrivateHostLiteral, type LookupAll } from '../events/delivery-url-guard';

const notifyUrlKeys: PlatformConfigKey[] = ['payments.notify_url', 'miniprogram.audit_notify_url'];

export async function liveConfigProblem(key: PlatformConfigKey, value: unknown, lookup?: LookupAll): Promise<string | null> {
  if (notifyUrlKeys.includes(key) && typeof value === 'string') {
    const problem = await deliveryUrlProblem(value, { mode: 'live', lookup });
    return problem && problem.replace(/^refused: /, '');
  }
  if (key === 'miniprogram.redirect_uri_allowlist' && Array.isArray(value)) {
    const local = value.find((entry) => isPrivateHostLiteral(String(entry).replace(/^\*\./, '').replace(/:\d+$/, '')));
    if (local !== undefined) return `${local} is a loopback or private host; redirects in live mode must go to public hosts`;
  }
  return null;
}
