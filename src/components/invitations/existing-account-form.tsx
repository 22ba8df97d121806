'use client';

import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { parseSignInLocked } from '@/schemas/sign-in-lock';
import { api } from '@/trpc/react';
import { acceptErrorText } from './accept-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The invited address already has an account: its owner proves it by signing in (the console's own sign-in,
 * throttled like any other), and only that session can accept. A wrong password and an address without an
 * account get the same answer, as on the sign-in page.
 */
export function ExistingAccountForm(props: { token: string; email: string; onJoined: (platformId: string) => void }) {
  const { t } = useI18n();
  const [signInError, setSignInError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accept = api.invitations.accept.useMutation({ onSuccess: ({ platformId }) => props.onJoined(platformId) });
  const problem = signInError ?? acceptErrorText(t, accept.error);
  const mustChange = accept.error?.data?.appCode === 'password_change_required';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    setSignInError(null);
    accept.reset();
    const result = await signIn('credentials', { email: props.email, password, redirect: false });
    setBusy(false);
    if (!result || result.error) {
      const minutes = parseSignInLocked(result?.error);
      setSignInError(minutes === null ? t('invitation.wrongPassword') : t('invitation.tooManyAttempts', { minutes }));
      return;
    }
    accept.mutate({ token: props.token });
  }

  return (
    <section aria-labelledby="invite-existing-heading">
      <h2 id="invite-existing-heading">{t('invitation.existingHeading')}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Input type="email" name="email" autoComplete="username" value={props.email} readOnly hidden />
        <Label className="mt-3 mb-1" htmlFor="invite-existing-password">
          {t('invitation.existingPassword')}
        </Label>
        <Input id="invite-existing-password" name="password" type="password" autoComplete="current-password" required />
        {problem && (
          <p role="alert" className="text-destructive">
            {problem} {mustChange && <a href="/change-password">{t('invitation.changePasswordLink')}</a>}
          </p>
        )}
        <p>
          <Button type="submit" disabled={busy || accept.isPending || accept.isSuccess}>
            {busy || accept.isPending ? t('invitation.busy') : t('invitation.signInAndJoin')}
          </Button>
        </p>
      </form>
    </section>
  );
}
