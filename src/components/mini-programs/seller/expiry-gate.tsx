'use client';

import { useEffect, useState, type ReactNode } from 'react';

const two = (n: number) => String(n).padStart(2, '0');
function remaining(ms: number) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  return h > 0
    ? `${h}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
    : `${two(Math.floor(s / 60))}:${two(s % 60)}`;
}

/**
 * A countdown to the link's expiry; when it reaches zero the actions give way to the expired notice, so a
 * seller never presses a link the upstream will refuse. The server says how long is left (`expiresInMs`), so
 * a phone whose clock is off still counts down right. `template` carries "{time}" (already translated).
 */
export function ExpiryGate(props: { expiresInMs: number; template: string; expired: ReactNode; children: ReactNode }) {
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
          {remaining(deadline - now)}
        </span>
        {after}
      </p>
      {props.children}
    </>
  );
}
