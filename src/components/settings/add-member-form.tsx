'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { errorText } from './error-text';
import { OneTimeSecret } from './one-time-secret';
import { roles, type Role } from './roles';
import styles from './settings.module.css';

/** Adds an operator by e-mail; a new e-mail gets a one-time password, shown here once for the admin to pass on. */
export function AddMemberForm({ platformId }: { platformId: string }) {
  const { t } = useI18n();
  const utils = api.useUtils();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('operator');
  const [password, setPassword] = useState<{ email: string; value: string } | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const add = api.consoleAdmin.addMember.useMutation({
    onSuccess: (result) => {
      setPassword(result.oneTimePassword ? { email: result.member.email, value: result.oneTimePassword } : null);
      setAdded(result.created ? null : result.member.email);
      setEmail('');
      void utils.consoleAdmin.members.invalidate();
    },
  });
  const problem = add.error ? errorText(t, add.error, { already_member: 'settings.members.alreadyMember', invalid_request: 'settings.members.invalidEmail' }) : null;
  return (
    <>
      {password && (
        <OneTimeSecret
          title={t('settings.members.passwordTitle', { email: password.email })}
          hint={t('settings.members.passwordHint')}
          value={password.value}
          testId="member-password"
          onDone={() => setPassword(null)}
        />
      )}
      {added && (
        <p role="status" className="muted">
          {t('settings.members.existingAdded', { email: added })}
        </p>
      )}
      <form
        className={styles.inlineForm}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setAdded(null);
          add.mutate({ platformId, email: email.trim(), role });
        }}
      >
        <div>
          <label htmlFor="member-email">{t('settings.members.email')}</label>
          <input
            id="member-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'member-email-error' : undefined}
          />
          {problem && (
            <small id="member-email-error" className={`error ${styles.help}`}>
              {problem}
            </small>
          )}
        </div>
        <div>
          <label htmlFor="member-role">{t('settings.members.role')}</label>
          <select id="member-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`settings.role.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={add.isPending || email.trim() === ''}>
          {t('settings.members.add')}
        </button>
      </form>
    </>
  );
}
