'use client';

import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import type { AppRouter } from '@/server/trpc/app-router';
import { api } from '@/trpc/react';
import { Button } from '@/components/ui/button';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';

type Entry = inferRouterOutputs<AppRouter>['auditLog']['list']['data'][number];

const actionKeys: Record<string, MessageKey> = {
  'api_key.create': 'auditLog.action.api_key.create',
  'api_key.revoke': 'auditLog.action.api_key.revoke',
  'member.invite': 'auditLog.action.member.invite',
  'member.remove': 'auditLog.action.member.remove',
  'member.role_change': 'auditLog.action.member.role_change',
  'sub_merchant.suspend': 'auditLog.action.sub_merchant.suspend',
  'sub_merchant.resume': 'auditLog.action.sub_merchant.resume',
  'mini_program.release': 'auditLog.action.mini_program.release',
  'mini_program.rollback': 'auditLog.action.mini_program.rollback',
  'webhook_secret.rotate': 'auditLog.action.webhook_secret.rotate',
};

/** Settings → 操作日志 / Audit log (admins): who did what on the platform and why, newest first, page by page. */
export function AuditLogPanel({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const [cursors, setCursors] = useState<string[]>([]);
  const first = api.auditLog.list.useQuery({ platformId, limit: 50 });
  const older = api.useQueries((q) => cursors.map((cursor) => q.auditLog.list({ platformId, limit: 50, cursor })));
  const pages = [first.data, ...older.map((o) => o.data)].filter((p) => p !== undefined);
  const entries = pages.flatMap((p) => p.data);
  const last = pages.at(-1);
  const actor = (entry: Entry) =>
    entry.actorKind === 'operator' || entry.actorKind === 'apikey'
      ? t(`auditLog.actor.${entry.actorKind}`, { name: entry.actorName ?? entry.actorId ?? '' })
      : t(`auditLog.actor.${entry.actorKind}`);
  const columns = useMemo<ColumnDef<Entry, unknown>[]>(
    () => [
      {
        id: 'time',
        header: t('auditLog.col.time'),
        meta: { cardTitle: true },
        cell: ({ row }) => (
          <time dateTime={row.original.createdAt} className="whitespace-nowrap">
            {format.dateTimeWithZone(row.original.createdAt)}
          </time>
        ),
      },
      { id: 'actor', header: t('auditLog.col.actor'), cell: ({ row }) => actor(row.original) },
      {
        id: 'action',
        header: t('auditLog.col.action'),
        cell: ({ row }) =>
          actionKeys[row.original.action] ? t(actionKeys[row.original.action]!) : row.original.action,
      },
      {
        id: 'target',
        header: t('auditLog.col.target'),
        cell: ({ row }) => <code className="break-all text-xs">{row.original.targetId}</code>,
      },
      {
        id: 'reason',
        header: t('auditLog.col.reason'),
        cell: ({ row }) => row.original.reason ?? t('auditLog.noReason'),
      },
    ],
    [t, format],
  );
  return (
    <section aria-labelledby="audit-log-heading" id="audit-log" className="flex min-w-0 flex-col gap-3">
      <h2 id="audit-log-heading" className="text-lg font-semibold">
        {t('auditLog.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('auditLog.intro')}</p>
      <DataTable
        label={t('auditLog.title')}
        columns={columns}
        data={entries}
        getRowId={(entry) => entry.id}
        emptyText={t('auditLog.empty')}
      />
      {last?.hasMore && last.nextCursor && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => setCursors([...cursors, last.nextCursor!])}
        >
          {t('auditLog.more')}
        </Button>
      )}
    </section>
  );
}
