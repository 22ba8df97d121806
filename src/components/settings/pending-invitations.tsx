'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { DataTable } from './data-table';
import { errorText } from './error-text';
import { Button } from '@/components/ui/button';

/** This platform's invitations not yet accepted: who, which role, until when, who sent it; each can be revoked. */
export function PendingInvitations({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const invitations = api.members.invitations.useQuery({ platformId });
  const revoke = api.members.revokeInvitation.useMutation({
    onSettled: () => void utils.members.invitations.invalidate(),
  });
  const failure = revoke.error ?? invitations.error;
  const rows = invitations.data?.data ?? [];
  return (
    <>
      <h3 id="invitations-heading">{t('settings.invitations.heading')}</h3>
      {failure && (
        <p role="alert" className="text-destructive">
          {errorText(t, failure)}
        </p>
      )}
      {invitations.isSuccess && rows.length === 0 ? (
        <p className="text-muted-foreground">{t('settings.invitations.empty')}</p>
      ) : (
        <DataTable
          labelledBy="invitations-heading"
          columns={[
            t('settings.members.email'),
            t('settings.members.role'),
            t('settings.invitations.invitedBy'),
            t('settings.invitations.expires'),
          ]}
          actions
          spaced
        >
          {rows.map((invitation) => (
            <tr key={invitation.id}>
              <td>{invitation.email}</td>
              <td>{t(`settings.role.${invitation.role}`)}</td>
              <td>{invitation.invitedBy ?? '—'}</td>
              <td>
                {format.dateTime(invitation.expiresAt)}
                {invitation.expired && (
                  <span className="text-muted-foreground"> ({t('settings.invitations.expired')})</span>
                )}
              </td>
              <td>
                <Button
                  variant="dangerOutline"
                  type="button"
                  disabled={revoke.isPending}
                  aria-label={t('settings.invitations.revokeNamed', { email: invitation.email })}
                  onClick={() => revoke.mutate({ platformId, invitationId: invitation.id })}
                >
                  {t('settings.invitations.revoke')}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
