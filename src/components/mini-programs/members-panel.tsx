'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import type { Provider } from '@/domain/providers';
import { ErrorAlert } from './trpc-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

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
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="members-heading"
    >
      <h2 id="members-heading">{t('miniPrograms.members.heading')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send('bind');
        }}
      >
        <Label className="mt-3 mb-1" htmlFor="member-id">
          {t('miniPrograms.members.member')}
        </Label>
        <Input id="member-id" value={member} maxLength={128} required onChange={(e) => setMember(e.target.value)} />
        <Label className="mt-3 mb-1" htmlFor="member-role">
          {t('miniPrograms.members.role')}
        </Label>
        <Input id="member-role" value={role} maxLength={32} onChange={(e) => setRole(e.target.value)} />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" disabled={members.isPending}>
            {t('miniPrograms.members.bind')}
          </Button>
          <Button variant="secondary" type="button" disabled={members.isPending} onClick={() => send('unbind')}>
            {t('miniPrograms.members.unbind')}
          </Button>
        </div>
      </form>
      <ErrorAlert error={members.error} />
      {members.data && (
        <div role="status">
          <h3>{t('miniPrograms.members.current')}</h3>
          {members.data.members.length === 0 ? (
            <p className="text-muted-foreground">{t('miniPrograms.members.none')}</p>
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
