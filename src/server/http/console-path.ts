import { sameOriginPath } from '@/server/auth/same-origin-path';

/**
 * The page path (with its query) the proxy hands server components: a layout cannot read its own URL, and a
 * record link opened while signed out must come back to that record after sign-in. Set by the proxy on every
 * page request, overwriting whatever a client sent under the same name.
 */
export const CONSOLE_PATH_HEADER = 'x-console-path';

/**
 * Where sign-in returns to from a page of platform `platformId`: the page asked for when it is a same-origin
 * path inside that platform's console, else the platform's list (never another origin: sameOriginPath).
 */
export function signInReturnPath(requested: string | null, platformId: string): string {
  const list = `/platforms/${encodeURIComponent(platformId)}/sub-merchants`;
  if (!requested) return list;
  const path = sameOriginPath(requested, 'http://console.invalid');
  return path.startsWith(`/platforms/${encodeURIComponent(platformId)}/`) ? path : list;
}
