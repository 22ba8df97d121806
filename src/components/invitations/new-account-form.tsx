'use client';

import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { api } from '@/trpc/react';
import { acceptErrorText } from './accept-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** No account yet: the invited person picks their name and password; the account is created and joins at once. */
export function NewAccountForm(props: {
  token: string;
  email: string;
  locale: Locale;
  onJoined: (platformId: string) => void;
}) {
  const { t } = useI18n();
  const [mismatch, setMismatch] = useState(false);
  const create = api.invitations.acceptAsNewOperator.useMutation({
    onSuccess: async ({ platformId }, { password }) => {
      // The new account signs in with the password just chosen; a failure here still leaves a working account.
      const result = await signIn('credentials', { email: props.email, password, redirect: false });
      if (result?.ok && !result.error) props.onJoined(platformId);
      else window.location.assign('/sign-in');
    },
  });
  const problem = mismatch ? t('invitation.mismatch') : acceptErrorText(t, create.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const differs = form.get('password') !== form.get('confirm');
    setMismatch(differs);
    if (differs) return;
    create.mutate({
      token: props.token,
      name: String(form.get('name') ?? ''),
      password: String(form.get('password')),
      locale: props.locale,
    });
  }

  return (
    <section aria-labelledby="invite-new-heading">
      <h2 id="invite-new-heading">{t('invitation.newHeading')}</h2>
      <form onSubmit={submit} noValidate>
        <Input type="email" name="email" autoComplete="username" value={props.email} readOnly hidden />
        <Label className="mt-3 mb-1" htmlFor="invite-name">
          {t('invitation.name')}
        </Label>
        <Input id="invite-name" name="name" autoComplete="name" maxLength={100} required />
        <Label className="mt-3 mb-1" htmlFor="invite-password">
          {t('invitation.newPassword')}
        </Label>
        <Input
          id="invite-password"
          name="password"
          type="password"
          autoComplete="new-password"
          aria-describedby="invite-password-rules"
          required
        />
        <small id="invite-password-rules" className="text-muted-foreground">
          {t('invitation.passwordRules')}
        </small>
        <Label className="mt-3 mb-1" htmlFor="invite-confirm">
          {t('invitation.confirmPassword')}
        </Label>
        <Input id="invite-confirm" name="confirm" type="password" autoComplete="new-password" required />
        {problem && (
          <p role="alert" className="text-destructive">
            {problem}
          </p>
        )}
        <p>
          <Button type="submit" disabled={create.isPending || create.isSuccess}>
            {create.isPending ? t('invitation.busy') : t('invitation.create')}
          </Button>
        </p>
      </form>
    </section>
  );
}
