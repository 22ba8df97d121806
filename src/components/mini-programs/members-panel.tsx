'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import styles from './mini-programs.module.css';
import type { Provider } from '@/domain/providers';
import { ErrorAlert } from './trpc-error';

const describeMember = (member: unknown) =>
  typeof member === 'string'
    ? member
    : member && typeof member === 'object'
      ? Object.values(member as Record<string, unknown>)
          .filter((v) => typeof v === 'string')
          .join(' · ')
      : String(member);

/** Testers of the experience version: bind or unbind one; the upstream answers with the current list. */
export function MembersPanel(props: { platformId: string; platform: Provider; appId: string }) {
  const { t } = useI18n();
  const [member, setMember] = useState('');
  const [role, setRole] = useState('');
  const members = api.miniPrograms.members.useMutation();
  const send = (action: 'bind' | 'unbind') => {
    if (!member.trim()) return document.getElementById('member-id')?.focus();
    members.mutate({
      platformId: props.platformId,
      platform: props.platform,
      authorizerAppId: props.appId,
      action,
      member: member.trim(),
      role: role.trim() || undefined,
    });
  };
  return (
    <section className="panel" aria-labelledby="members-heading">
      <h2 id="members-heading">{t('miniPrograms.members.heading')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send('bind');
        }}
      >
        <label htmlFor="member-id">{t('miniPrograms.members.member')}</label>
        <input id="member-id" value={member} maxLength={128} required onChange={(e) => setMember(e.target.value)} />
        <label htmlFor="member-role">{t('miniPrograms.members.role')}</label>
        <input id="member-role" value={role} maxLength={32} onChange={(e) => setRole(e.target.value)} />
        <div className={styles.actions}>
          <button type="submit" disabled={members.isPending}>
            {t('miniPrograms.members.bind')}
          </button>
          <button type="button" className="secondary" disabled={members.isPending} onClick={() => send('unbind')}>
            {t('miniPrograms.members.unbind')}
          </button>
        </div>
      </form>
      <ErrorAlert error={members.error} />
      {members.data && (
        <div role="status">
          <h3>{t('miniPrograms.members.current')}</h3>
          {members.data.members.length === 0 ? (
            <p className="muted">{t('miniPrograms.members.none')}</p>
          ) : (
            <ul>
              {members.data.members.map((m, i) => (
                <li key={i}>{describeMember(m)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
