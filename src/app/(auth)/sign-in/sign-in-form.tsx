'use client';

import { signIn } from 'next-auth/react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { sameOriginPath } from '@/server/auth/same-origin-path';
import { parseSignInLocked, SIGN_IN_DISABLED } from '@/schemas/sign-in-lock';
import { signInInput } from '@/schemas/sign-in';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

export function SignInForm() {
  const { t } = useI18n();
  const router = useRouter();
  const params = useSearchParams();
  const form = useZodForm(signInInput, { defaultValues: { email: '', password: '' } });
  // next-auth answers a refusal without naming a field (no account enumeration): said under the form.
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  return (
    <Form
      form={form}
      className="gap-3"
      onSubmit={async (values) => {
        setError(null);
        const result = await signIn('credentials', { ...values, redirect: false });
        if (!result || result.error) {
          const minutes = parseSignInLocked(result?.error);
          setError(
            result?.error === SIGN_IN_DISABLED
              ? t('signIn.disabled')
              : minutes === null
                ? t('signIn.failed')
                : t('signIn.tooManyAttempts', { minutes }),
          );
          return;
        }
        router.replace(sameOriginPath(params.get('callbackUrl'), window.location.origin));
        router.refresh();
      }}
    >
      <FormField
        control={form.control}
        name="email"
        label={t('signIn.email')}
        render={({ field }) => (
          <FormControl>
            <Input type="email" autoComplete="username" {...field} />
          </FormControl>
        )}
      />
      <FormField
        control={form.control}
        name="password"
        label={t('signIn.password')}
        render={({ field }) => (
          <FormControl>
            <Input type="password" autoComplete="current-password" {...field} />
          </FormControl>
        )}
      />
      {error && (
        <p role="alert" className="m-0 text-destructive">
          {error}
        </p>
      )}
      <p className="m-0 flex flex-wrap items-center justify-between gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </Button>
        <a href="/forgot-password">{t('signIn.forgotPassword')}</a>
      </p>
    </Form>
  );
}
