import { isTimeZone } from './format';

/**
 * The browser's own IANA zone, which the console writes into this cookie (components/shell/browser-time-zone.tsx)
 * so the server formats times in it for an operator who chose no zone in settings. A Shanghai operator reading the
 * console in English sees Shanghai times, not UTC.
 */
export const BROWSER_TIME_ZONE_COOKIE = 'console_tz';

/** The zone named by the cookie in a Cookie header, when it is one this runtime knows; otherwise undefined. */
export function browserTimeZoneFromCookies(cookieHeader: string | null | undefined): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${BROWSER_TIME_ZONE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '');
  if (!match) return undefined;
  let zone: string;
  try {
    zone = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return isTimeZone(zone) ? zone : undefined;
}
