'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { errorText } from './error-text';
import { InviteMemberForm } from './invite-member-form';
import { PendingInvitations } from './pending-invitations';
import styles from './settings.module.css';
import { DataTable } from './data-table';
import { operatorRoles, type OperatorRole } from '@/domain/roles';

/** Operators and roles (admins): who may sign in to this platform and with which role, and who is invited. */
export function MembersPanel({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const members = api.members.list.useQuery({ platformId });
  const selfId = api.me.get.useQuery().data?.operator?.id;
  const refresh = () => void utils.members.list.invalidate();
  const changeRole = api.members.changeRole.useMutation({ onSettled: refresh });
  const remove = api.members.remove.useMutation({ onSettled: refresh });
  const endSessions = api.members.endSessions.useMutation();
  const failure = changeRole.error ?? remove.error ?? endSessions.error ?? members.error;
  const signedOut = members.data?.data.find(
    (m) => endSessions.isSuccess && m.operatorId === endSessions.data.operatorId,
  );
  return (
    <section className="panel" aria-labelledby="members-heading" id="members">
      <h2 id="members-heading">{t('settings.members.heading')}</h2>
      <p className="muted">{t('settings.members.intro')}</p>
      <InviteMemberForm platformId={platformId} />
      {failure && (
        <p role="alert" className="error">
          {errorText(t, failure, { last_admin: 'settings.members.lastAdmin' })}
        </p>
      )}
      <p role="status" className="muted">
        {signedOut ? t('settings.members.sessionsEnded', { email: signedOut.email }) : ''}
      </p>
      <DataTable
        labelledBy="members-heading"
        columns={[t('settings.members.email'), t('settings.members.role'), t('settings.members.since')]}
        actions
        spaced
      >
        {members.data?.data.map((m) => (
          <tr key={m.operatorId}>
            <td>
              {m.email}
              {m.operatorId === selfId && <span className="muted"> ({t('settings.members.you')})</span>}
            </td>
            <td>
              <label htmlFor={`role-${m.operatorId}`} className={styles.srOnly}>
                {t('settings.members.roleOf', { email: m.email })}
              </label>
              <select
                id={`role-${m.operatorId}`}
                value={m.role}
                disabled={changeRole.isPending}
                onChange={(e) =>
                  changeRole.mutate({ platformId, operatorId: m.operatorId, role: e.target.value as OperatorRole })
                }
              >
                {operatorRoles.map((r) => (
                  <option key={r} value={r}>
                    {t(`settings.role.${r}`)}
                  </option>
                ))}
              </select>
            </td>
            <td>{format.dateTime(m.memberSince)}</td>
            <td>
              <div className={styles.actions}>
                <button
                  type="button"
                  className="secondary"
                  disabled={endSessions.isPending}
                  aria-label={t('settings.members.endSessionsNamed', { email: m.email })}
                  onClick={() => endSessions.mutate({ platformId, operatorId: m.operatorId })}
                >
                  {t('settings.members.endSessions')}
                </button>
                <button
                  type="button"
                  className="danger"
                  disabled={remove.isPending}
                  aria-label={t('settings.members.removeNamed', { email: m.email })}
                  onClick={() => remove.mutate({ platformId, operatorId: m.operatorId })}
                >
                  {t('settings.members.remove')}
                </button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <PendingInvitations platformId={platformId} />
    </section>
  );
}
