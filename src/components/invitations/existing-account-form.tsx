'use client';

import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { parseSignInLocked, SIGN_IN_DISABLED } from '@/schemas/sign-in-lock';
import { signInInput } from '@/schemas/sign-in';
import { api } from '@/trpc/react';
import { acceptErrorText } from './accept-error';
import { FormTail } from '@/components/ui/form-tail';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

// The address is the invitation's; only the password is typed, checked as the sign-in page checks it.
const existingAccountForm = signInInput.pick({ password: true });

/**
 * The invited address already has an account: its owner proves it by signing in (the console's own sign-in,
 * throttled like any other), and only that session can accept. A wrong password and an address without an
 * account get the same answer, as on the sign-in page.
 */
export function ExistingAccountForm(props: { token: string; email: string; onJoined: (platformId: string) => void }) {
  const { t } = useI18n();
  const form = useZodForm(existingAccountForm, { defaultValues: { password: '' } });
  const [signInError, setSignInError] = useState<string | null>(null);
  const accept = api.invitations.accept.useMutation({ onSuccess: ({ platformId }) => props.onJoined(platformId) });
  const problem = signInError ?? acceptErrorText(t, accept.error);
  const mustChange = accept.error?.data?.appCode === 'password_change_required';
  const busy = form.formState.isSubmitting || accept.isPending;

  return (
    <section aria-labelledby="invite-existing-heading">
      <h2 id="invite-existing-heading">{t('invitation.existingHeading')}</h2>
      <Form
        form={form}
        className="gap-3"
        onSubmit={async ({ password }) => {
          setSignInError(null);
          accept.reset();
          const result = await signIn('credentials', { email: props.email, password, redirect: false });
          if (!result || result.error) {
            const minutes = parseSignInLocked(result?.error);
            setSignInError(
              result?.error === SIGN_IN_DISABLED
                ? t('signIn.disabled')
                : minutes === null
                  ? t('invitation.wrongPassword')
                  : t('invitation.tooManyAttempts', { minutes }),
            );
            return;
          }
          accept.mutate({ token: props.token });
        }}
      >
        <input type="email" name="email" autoComplete="username" value={props.email} readOnly hidden />
        <FormField
          control={form.control}
          name="password"
          label={t('invitation.existingPassword')}
          render={({ field }) => (
            <FormControl>
              <Input type="password" autoComplete="current-password" {...field} />
            </FormControl>
          )}
        />
        <FormTail
          problem={
            problem && (
              <>
                {problem} {mustChange && <a href="/change-password">{t('invitation.changePasswordLink')}</a>}
              </>
            )
          }
          submitLabel={busy ? t('invitation.busy') : t('invitation.signInAndJoin')}
          disabled={busy || accept.isSuccess}
        />
      </Form>
    </section>
  );
}
