'use client';

import { useState } from 'react';
import { z } from 'zod';
import { useI18n } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { requestPasswordResetInput } from '@/schemas/password-reset-requests';
import { api } from '@/trpc/react';
import { minutesToWait } from '@/components/invitations/new-account-form';
import { problemText } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

const emailForm = z.object({ email: requestPasswordResetInput.shape.email });

/** "Forgot password?": one address; the answer is the same whether or not an account uses it. */
export function ForgotPasswordForm({ locale }: { locale: Locale }) {
  const { t } = useI18n();
  const form = useZodForm(emailForm, { defaultValues: { email: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = api.passwordReset.request.useMutation({ onSuccess: (_, { email }) => setSentTo(email) });
  const problem = request.error
    ? request.error.data?.appCode === 'rate_limited'
      ? t('passwordReset.limited', { minutes: minutesToWait(request.error.message) })
      : request.error.data?.appCode === 'mail_unavailable'
        ? t('invitation.mailUnavailable')
        : problemText(t, request.error)
    : null;
  if (sentTo) return <p role="status">{t('passwordReset.sent', { email: sentTo })}</p>;
  return (
    <Form
      form={form}
      className="gap-3"
      onSubmit={({ email }) => request.mutateAsync({ email, locale }).catch(() => {})}
    >
      <FormField
        control={form.control}
        name="email"
        label={t('passwordReset.email')}
        render={({ field }) => (
          <FormControl>
            <Input type="email" autoComplete="username" {...field} />
          </FormControl>
        )}
      />
      {problem && (
        <p role="alert" className="m-0 text-destructive">
          {problem}
        </p>
      )}
      <p className="m-0">
        <Button type="submit" disabled={request.isPending}>
          {t('passwordReset.send')}
        </Button>
      </p>
    </Form>
  );
}
