'use client';

import { useState, type FormEvent } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { api } from '@/trpc/react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

const serverCodes: Record<string, MessageKey> = {
  wrong_password: 'settings.password.wrongCurrent',
  unchanged: 'settings.password.unchanged',
};

/**
 * The signed-in operator's own password (any role): current one, new one twice; errors on their fields.
 * `onChanged` runs after a successful change with the new password (the forced change page signs in with it
 * again, since the change ended every session, and moves on into the console).
 */
export function ChangePasswordPanel({ onChanged }: { onChanged?: (newPassword: string) => void } = {}) {
  const { t } = useI18n();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [mismatch, setMismatch] = useState(false);
  const change = api.me.changePassword.useMutation({
    onSuccess: (_data, variables) => {
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      onChanged?.(variables.newPassword);
    },
  });
  const serverError = (field: Field): string | undefined => {
    const error = change.error?.data?.errors?.find((e) => e.pointer === `/${field}`);
    if (!error) return undefined;
    return t(serverCodes[error.code] ?? 'settings.password.rules');
  };
  const errors: Record<Field, string | undefined> = {
    currentPassword: serverError('currentPassword'),
    newPassword: serverError('newPassword'),
    confirmPassword: mismatch ? t('settings.password.mismatch') : undefined,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const differs = values.newPassword !== values.confirmPassword;
    setMismatch(differs);
    if (differs) {
      document.getElementById('password-confirmPassword')?.focus();
      return;
    }
    change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };
  const input = (field: Field, label: MessageKey, autoComplete: string, hint?: MessageKey) => (
    <div>
      <Label className="mt-3 mb-1" htmlFor={`password-${field}`}>
        {t(label)}
      </Label>
      <Input
        id={`password-${field}`}
        type="password"
        autoComplete={autoComplete}
        required
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={
          [hint && `password-${field}-hint`, errors[field] && `password-${field}-error`].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      />
      {hint && (
        <small id={`password-${field}-hint`} className="mt-1 block text-sm text-muted-foreground">
          {t(hint)}
        </small>
      )}
      {errors[field] && (
        <p id={`password-${field}-error`} className="text-destructive">
          {errors[field]}
        </p>
      )}
    </div>
  );
  const locked = change.error?.data?.code === 'TOO_MANY_REQUESTS';
  const otherFailure =
    change.error && !errors.currentPassword && !errors.newPassword
      ? locked
        ? t('settings.password.locked')
        : change.error.message
      : null;
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="password-heading"
      id="password"
    >
      <h2 id="password-heading">{t('settings.password.heading')}</h2>
      <form noValidate onSubmit={submit} aria-labelledby="password-heading">
        {input('currentPassword', 'settings.password.current', 'current-password')}
        {input('newPassword', 'settings.password.new', 'new-password', 'settings.password.rules')}
        {input('confirmPassword', 'settings.password.confirm', 'new-password')}
        {otherFailure && (
          <p role="alert" className="text-destructive">
            {otherFailure}
          </p>
        )}
        <p role="status" className="text-muted-foreground">
          {change.isSuccess ? t('settings.password.changed') : ''}
        </p>
        {change.isSuccess ? (
          // The change ended this session too (change-operator-password.ts): the only way on is signing in again.
          <a
            className="inline-flex h-9 items-center rounded-md border border-primary bg-primary px-4 text-sm font-medium text-primary-foreground no-underline hover:no-underline"
            href="/sign-in"
          >
            {t('settings.password.signInAgain')}
          </a>
        ) : (
          <Button type="submit" disabled={change.isPending}>
            {t('settings.password.submit')}
          </Button>
        )}
      </form>
    </section>
  );
}
