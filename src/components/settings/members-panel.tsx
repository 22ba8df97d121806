'use client';

import { withReason } from '@/components/shared/with-reason';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { NativeSelect } from '@/components/ui/native-select';
import { useHydrated } from '@/components/ui/use-hydrated';
import { toast } from '@/components/ui/toast';
import { operatorRoles, type OperatorRole } from '@/domain/roles';
import { useI18n } from '@/i18n/i18n-provider';
import { api, type RouterOutputs } from '@/trpc/react';
import { problemText } from '@/components/ui/error-message';
import { InviteMemberForm } from './invite-member-form';
import { PendingInvitations } from './pending-invitations';

type Member = RouterOutputs['members']['list']['data'][number];

/** Operators and roles (admins): who may sign in to this platform and with which role, and who is invited. */
export function MembersPanel({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const members = api.members.list.useQuery({ platformId });
  const selfId = api.me.get.useQuery().data?.operator?.id;
  const refresh = () => void utils.members.list.invalidate();
  const changeRole = api.members.changeRole.useMutation({ onSettled: refresh });
  const hydrated = useHydrated();
  const remove = api.members.remove.useMutation({ onSuccess: refresh });
  const endSessions = api.members.endSessions.useMutation();
  const failure = changeRole.error ?? endSessions.error ?? members.error;
  const known = { last_admin: 'settings.members.lastAdmin' } as const;
  const signedOut = members.data?.data.find(
    (m) => endSessions.isSuccess && m.operatorId === endSessions.data.operatorId,
  );

  const columns: ColumnDef<Member, unknown>[] = [
    {
      id: 'email',
      header: t('settings.members.email'),
      cell: ({ row }) => (
        <>
          {row.original.email}
          {row.original.operatorId === selfId && (
            <span className="text-muted-foreground"> ({t('settings.members.you')})</span>
          )}
        </>
      ),
      meta: { cardTitle: true },
    },
    {
      id: 'role',
      header: t('settings.members.role'),
      cell: ({ row }) => {
        const m = row.original;
        return (
          <NativeSelect
            aria-label={t('settings.members.roleOf', { email: m.email })}
            value={m.role}
            disabled={!hydrated || changeRole.isPending}
            className="min-w-32"
            onChange={(e) =>
              changeRole.mutate({ platformId, operatorId: m.operatorId, role: e.target.value as OperatorRole })
            }
          >
            {operatorRoles.map((r) => (
              <option key={r} value={r}>
                {t(`settings.role.${r}`)}
              </option>
            ))}
          </NativeSelect>
        );
      },
    },
    { id: 'since', header: t('settings.members.since'), cell: ({ row }) => format.dateTime(row.original.memberSince) },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('settings.col.actions')}</span>,
      cell: ({ row }) => {
        const m = row.original;
        return (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              // Before hydration a click does nothing: disabled until React has taken over, like the role picker.
              disabled={!hydrated || endSessions.isPending}
              aria-label={t('settings.members.endSessionsNamed', { email: m.email })}
              onClick={() => endSessions.mutate({ platformId, operatorId: m.operatorId })}
            >
              {t('settings.members.endSessions')}
            </Button>
            <ConfirmDialog
              trigger={
                <Button
                  variant="dangerOutline"
                  size="sm"
                  aria-label={t('settings.members.removeNamed', { email: m.email })}
                >
                  {t('settings.members.remove')}
                </Button>
              }
              title={t('settings.members.removeConfirm.title', { email: m.email })}
              description={t('settings.members.removeConfirm.body')}
              confirmLabel={t('settings.members.removeConfirm.confirm')}
              destructive
              reason="optional"
              error={remove.error ? problemText(t, remove.error, known) : undefined}
              onOpenChange={(open) => open && remove.reset()}
              onConfirm={async ({ reason }) => {
                await remove.mutateAsync(withReason({ platformId, operatorId: m.operatorId }, reason));
                toast.success(t('settings.members.removeConfirm.done', { email: m.email }));
              }}
            />
          </div>
        );
      },
    },
  ];

  return (
    <Card aria-labelledby="members-heading" id="members" className="mb-4">
      <CardHeader>
        <CardTitle id="members-heading">{t('settings.members.heading')}</CardTitle>
        <CardDescription>{t('settings.members.intro')}</CardDescription>
      </CardHeader>
      <InviteMemberForm platformId={platformId} />
      {failure && (
        <p role="alert" className="m-0 text-sm text-destructive">
          {problemText(t, failure, known)}
        </p>
      )}
      <p role="status" className="m-0 text-sm text-muted-foreground empty:hidden">
        {signedOut ? t('settings.members.sessionsEnded', { email: signedOut.email }) : ''}
      </p>
      <DataTable
        label={t('settings.members.heading')}
        columns={columns}
        data={members.data?.data ?? []}
        getRowId={(m) => m.operatorId}
        emptyText={members.isLoading ? t('common.loading') : t('settings.members.empty')}
      />
      <PendingInvitations platformId={platformId} />
    </Card>
  );
}
