'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { resetPasswordForm } from '@/schemas/password-reset-requests';
import { api } from '@/trpc/react';
import type { ClientError } from '@/components/ui/error-message';
import { acceptErrorText, linkStateText } from '@/components/invitations/accept-error';
import { FormTail } from '@/components/ui/form-tail';
import { Form, useZodForm } from '@/components/ui/form';
import { NewPasswordFields } from '@/components/accounts/new-password-fields';

/** The mailed reset link's form: the new password twice; afterwards every session of the account has ended. */
export function ResetPasswordForm(props: { token: string; email: string }) {
  const { t } = useI18n();
  const form = useZodForm(resetPasswordForm, { defaultValues: { password: '', confirm: '' } });
  const reset = api.passwordReset.complete.useMutation();
  const refusedPassword = (error: ClientError) => error?.data?.errors?.[0]?.pointer === '/password';
  const problem =
    reset.error && !refusedPassword(reset.error)
      ? (linkStateText(t, 'passwordReset', reset.error) ?? acceptErrorText(t, reset.error))
      : null;
  if (reset.isSuccess)
    return (
      <p role="status">
        {t('passwordReset.done')} <a href="/sign-in">{t('invitation.signInLink')}</a>
      </p>
    );
  return (
    <Form
      form={form}
      className="gap-3"
      onSubmit={async ({ password }) => {
        await reset.mutateAsync({ token: props.token, password }).catch((error: ClientError) => {
          if (refusedPassword(error)) form.setError('password', { message: 'invitation.passwordRules' });
        });
      }}
    >
      <input type="email" name="email" autoComplete="username" value={props.email} readOnly hidden />
      <NewPasswordFields />
      <FormTail problem={problem} submitLabel={t('passwordReset.save')} disabled={form.formState.isSubmitting} />
    </Form>
  );
}
