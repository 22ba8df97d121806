'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { BROWSER_TIME_ZONE_COOKIE } from '@/i18n/browser-time-zone';

/**
 * Tells the server the browser's zone (a cookie, a year), so an operator who chose no zone sees times in the
 * zone they are in rather than their language's default. When the page was rendered in another zone for that
 * reason (the first visit, or a trip), it is rendered again once.
 */
export function BrowserTimeZone({ shownZone, zoneChosen }: { shownZone: string; zoneChosen: boolean }) {
  const router = useRouter();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    const current = new RegExp(`(?:^|;\\s*)${BROWSER_TIME_ZONE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
    if (current !== encodeURIComponent(zone)) {
      document.cookie = `${BROWSER_TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    }
    if (!zoneChosen && shownZone !== zone) router.refresh();
  }, [router, shownZone, zoneChosen]);
  return null;
}
