'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { api, type RouterOutputs } from '@/trpc/react';
import { problemText } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';

type Invitation = RouterOutputs['members']['invitations']['data'][number];

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
  const columns: ColumnDef<Invitation, unknown>[] = [
    {
      id: 'email',
      header: t('settings.members.email'),
      cell: ({ row }) => row.original.email,
      meta: { cardTitle: true },
    },
    { id: 'role', header: t('settings.members.role'), cell: ({ row }) => t(`settings.role.${row.original.role}`) },
    { id: 'invitedBy', header: t('settings.invitations.invitedBy'), cell: ({ row }) => row.original.invitedBy ?? '—' },
    {
      id: 'expires',
      header: t('settings.invitations.expires'),
      cell: ({ row }) => (
        <>
          {format.dateTime(row.original.expiresAt)}
          {row.original.expired && (
            <span className="text-muted-foreground"> ({t('settings.invitations.expired')})</span>
          )}
        </>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('settings.col.actions')}</span>,
      cell: ({ row }) => (
        <Button
          variant="dangerOutline"
          type="button"
          disabled={revoke.isPending}
          aria-label={t('settings.invitations.revokeNamed', { email: row.original.email })}
          onClick={() => revoke.mutate({ platformId, invitationId: row.original.id })}
        >
          {t('settings.invitations.revoke')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <h3 id="invitations-heading">{t('settings.invitations.heading')}</h3>
      {failure && (
        <p role="alert" className="text-destructive">
          {problemText(t, failure)}
        </p>
      )}
      {invitations.isSuccess && rows.length === 0 ? (
        <p className="text-muted-foreground">{t('settings.invitations.empty')}</p>
      ) : (
        <DataTable
          label={t('settings.invitations.heading')}
          labelledBy="invitations-heading"
          columns={columns}
          data={rows}
          getRowId={(invitation) => invitation.id}
          emptyText={t('common.loading')}
        />
      )}
    </>
  );
}
