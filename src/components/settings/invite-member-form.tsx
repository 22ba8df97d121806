'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { errorText } from './error-text';
import { OneTimeSecret } from './one-time-secret';
import { operatorRoles, type OperatorRole } from '@/domain/roles';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Label } from '@/components/ui/label';

type Shown = { email: string; role: OperatorRole; url: string; expiresAt: string };

/** Invites someone by e-mail; the single-use link is shown here once, for the admin to send over a safe channel. */
export function InviteMemberForm({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('operator');
  const [link, setLink] = useState<Shown | null>(null);
  const invite = api.members.invite.useMutation({
    onSuccess: ({ invitation, acceptPath }) => {
      // The browser knows the address people reach this console at; the server may sit behind a proxy.
      setLink({
        email: invitation.email,
        role: invitation.role,
        url: new URL(acceptPath, window.location.origin).toString(),
        expiresAt: invitation.expiresAt,
      });
      setEmail('');
      void utils.members.invitations.invalidate();
    },
  });
  const problem = invite.error
    ? errorText(t, invite.error, {
        already_member: 'settings.members.alreadyMember',
        invalid_request: 'settings.members.invalidEmail',
      })
    : null;
  return (
    <>
      <p className="text-muted-foreground">{t('settings.members.inviteIntro')}</p>
      {link && (
        <OneTimeSecret
          title={t('settings.members.linkTitle', { email: link.email })}
          hint={t('settings.members.linkHint', {
            time: format.dateTime(link.expiresAt),
            role: t(`settings.role.${link.role}`),
          })}
          value={link.url}
          testId="invitation-link"
          onDone={() => setLink(null)}
        />
      )}
      <form
        className="mt-2 flex flex-wrap items-end gap-2 [&>div]:min-w-0 [&>div]:flex-[1_1_200px]"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setLink(null);
          invite.mutate({ platformId, email: email.trim(), role });
        }}
      >
        <div>
          <Label className="mt-3 mb-1" htmlFor="member-email">
            {t('settings.members.email')}
          </Label>
          <Input
            id="member-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'member-email-error' : undefined}
          />
          {problem && (
            <small id="member-email-error" className="mt-1 block text-sm text-destructive">
              {problem}
            </small>
          )}
        </div>
        <div>
          <Label className="mt-3 mb-1" htmlFor="member-role">
            {t('settings.members.role')}
          </Label>
          <NativeSelect id="member-role" value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
            {operatorRoles.map((r) => (
              <option key={r} value={r}>
                {t(`settings.role.${r}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" disabled={invite.isPending || email.trim() === ''}>
          {t('settings.members.invite')}
        </Button>
      </form>
    </>
  );
}
