'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { formatDuration } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';

/**
 * A countdown to the link's expiry; when it reaches zero the actions give way to the expired notice, so a
 * seller never presses a link the upstream will refuse. The server says how long is left (`expiresInMs`), so
 * a phone whose clock is off still counts down right. Shown as a duration ("9 分 49 秒"), never
 * as "09:49", which reads like a clock time. `template` carries "{time}" (already translated).
 */
export function ExpiryGate(props: {
  locale: Locale;
  expiresInMs: number;
  template: string;
  expired: ReactNode;
  children: ReactNode;
}) {
  const [deadline] = useState(() => Date.now() + props.expiresInMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (now >= deadline) return <>{props.expired}</>;
  const [before, after] = props.template.split('{time}');
  return (
    <>
      <p>
        {before}
        <span role="timer" className="font-semibold tabular-nums" suppressHydrationWarning>
          {formatDuration(props.locale, deadline - now)}
        </span>
        {after}
      </p>
      {props.children}
    </>
  );
}
