import { describe, expect, it } from 'vitest';
import { browserTimeZoneFromCookies } from '@/i18n/browser-time-zone';

describe('the browser zone cookie', () => {
  it('reads a known IANA zone among other cookies', () => {
    expect(browserTimeZoneFromCookies('a=1; console_tz=Asia%2FShanghai; b=2')).toBe('Asia/Shanghai');
    expect(browserTimeZoneFromCookies('console_tz=UTC')).toBe('UTC');
  });
  it('ignores a missing cookie, an unknown zone, a bad escape and a look-alike name', () => {
    expect(browserTimeZoneFromCookies(null)).toBeUndefined();
    expect(browserTimeZoneFromCookies('console_tz=Mars%2FOlympus')).toBeUndefined();
    expect(browserTimeZoneFromCookies('console_tz=%E0%A4%A')).toBeUndefined();
    expect(browserTimeZoneFromCookies('xconsole_tz=Asia%2FShanghai')).toBeUndefined();
  });
});
