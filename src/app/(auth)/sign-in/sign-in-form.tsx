'use client';

import { signIn } from 'next-auth/react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { sameOriginPath } from '@/server/auth/same-origin-path';
import { parseSignInLocked } from '@/schemas/sign-in-lock';

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
      <label htmlFor="email">{t('signIn.email')}</label>
      <input id="email" name="email" type="email" autoComplete="username" required />
      <label htmlFor="password">{t('signIn.password')}</label>
      <input id="password" name="password" type="password" autoComplete="current-password" required />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p>
        <button type="submit" disabled={busy}>
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </button>
      </p>
    </form>
  );
}
