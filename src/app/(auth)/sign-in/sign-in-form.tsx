'use client';

import { signIn } from 'next-auth/react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { sameOriginPath } from '@/server/auth/same-origin-path';
import { parseSignInLocked } from '@/schemas/sign-in-lock';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function SignInForm() {
  const { t } = useI18n();
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await signIn('credentials', {
      email: form.get('email'),
      password: form.get('password'),
      redirect: false,
    });
    setBusy(false);
    if (!result || result.error) {
      const minutes = parseSignInLocked(result?.error);
      setError(minutes === null ? t('signIn.failed') : t('signIn.tooManyAttempts', { minutes }));
      return;
    }
    router.replace(sameOriginPath(params.get('callbackUrl'), window.location.origin));
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Label className="mt-3 mb-1" htmlFor="email">
        {t('signIn.email')}
      </Label>
      <Input id="email" name="email" type="email" autoComplete="username" required />
      <Label className="mt-3 mb-1" htmlFor="password">
        {t('signIn.password')}
      </Label>
      <Input id="password" name="password" type="password" autoComplete="current-password" required />
      {error && (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      )}
      <p>
        <Button type="submit" disabled={busy}>
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </Button>
      </p>
    </form>
  );
}
