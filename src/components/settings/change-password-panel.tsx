'use client';

import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { api } from '@/trpc/react';
import { changePasswordForm } from '@/schemas/operator-requests';
import { ErrorMessage, type ClientError } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

const serverCodes: Record<string, MessageKey> = {
  wrong_password: 'settings.password.wrongCurrent',
  unchanged: 'settings.password.unchanged',
};

/** The field a refusal names (`/currentPassword`, `/newPassword`), when it names one. */
function refusedField(error: ClientError) {
  const refusal = error?.data?.errors?.find((e) => e.pointer === '/currentPassword' || e.pointer === '/newPassword');
  if (!refusal) return undefined;
  return {
    name: refusal.pointer === '/currentPassword' ? ('currentPassword' as const) : ('newPassword' as const),
    message: serverCodes[refusal.code ?? ''] ?? 'settings.password.rules',
  };
}

/**
 * The signed-in operator's own password (any role): current one, new one twice; errors on their fields.
 * `onChanged` runs after a successful change with the new password (the forced change page signs in with it
 * again, since the change ended every session, and moves on into the console).
 */
export function ChangePasswordPanel({ onChanged }: { onChanged?: (newPassword: string) => void } = {}) {
  const { t } = useI18n();
  const form = useZodForm(changePasswordForm, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = api.me.changePassword.useMutation({
    onSuccess: (_data, variables) => {
      form.reset();
      onChanged?.(variables.newPassword);
    },
  });
  const password = (name: 'currentPassword' | 'newPassword' | 'confirmPassword', label: MessageKey) => (
    <FormField
      control={form.control}
      name={name}
      label={t(label)}
      description={name === 'newPassword' ? t('settings.password.rules') : undefined}
      render={({ field }) => (
        <FormControl>
          <Input
            type="password"
            autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
            {...field}
          />
        </FormControl>
      )}
    />
  );
  const locked = change.error?.data?.code === 'TOO_MANY_REQUESTS';
  const otherFailure = change.error && !refusedField(change.error);
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="password-heading"
      id="password"
    >
      <h2 id="password-heading">{t('settings.password.heading')}</h2>
      <Form
        form={form}
        aria-labelledby="password-heading"
        onSubmit={async ({ currentPassword, newPassword }) => {
          await change.mutateAsync({ currentPassword, newPassword }).catch((error: ClientError) => {
            const refused = refusedField(error);
            if (refused) form.setError(refused.name, { message: refused.message }, { shouldFocus: true });
          });
        }}
      >
        {password('currentPassword', 'settings.password.current')}
        {password('newPassword', 'settings.password.new')}
        {password('confirmPassword', 'settings.password.confirm')}
        {otherFailure &&
          (locked ? (
            <p role="alert" className="m-0 text-destructive">
              {t('settings.password.locked')}
            </p>
          ) : (
            <ErrorMessage error={change.error} />
          ))}
        <p role="status" className="m-0 text-muted-foreground">
          {change.isSuccess ? t('settings.password.changed') : ''}
        </p>
        {change.isSuccess ? (
          // The change ended this session too (change-operator-password.ts): the only way on is signing in again.
          <a
            className="inline-flex h-9 w-fit items-center rounded-md border border-primary bg-primary px-4 text-sm font-medium text-primary-foreground no-underline hover:no-underline"
            href="/sign-in"
          >
            {t('settings.password.signInAgain')}
          </a>
        ) : (
          <Button type="submit" className="w-fit" disabled={form.formState.isSubmitting}>
            {t('settings.password.submit')}
          </Button>
        )}
      </Form>
    </section>
  );
}
