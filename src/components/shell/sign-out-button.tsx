'use client';

import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * next-auth's sign-out protocol (CSRF token, then POST /api/auth/signout) done with two fetches, so console
 * pages do not ship next-auth's whole browser client for one button. The server ends every session of the
 * operator, not just this browser's (auth-options.ts, events.signOut).
 */
export function SignOutButton({ label }: { label: string }) {
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
    await fetch('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: '/sign-in', json: 'true' }),
    });
    window.location.assign('/sign-in');
  };
  return (
    <Button variant="outline" className="justify-start" disabled={busy} onClick={() => void signOut()}>
      <LogOutIcon aria-hidden="true" />
      {label}
    </Button>
  );
}
