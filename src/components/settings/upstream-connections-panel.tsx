'use client';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { api, type RouterOutputs } from '@/trpc/react';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { problemText } from '@/components/ui/error-message';
import { ConnectionCheckResult } from './connection-check-result';

type Check = RouterOutputs['upstreamConnections']['check']['checks'][number];

/**
 * Settings → Upstream connections (admins): runs the doctor checks and shows, per upstream, what the call
 * proved or the variable to fix, in the operator's language (the server's codes, translated). Nothing secret is
 * shown: variable names, serials and the upstream's answer.
 */
export function UpstreamConnectionsPanel({ platformId }: { platformId: string }) {
  const { t } = useI18n();
  const check = api.upstreamConnections.check.useMutation();
  const report = check.data;
  const columns: ColumnDef<Check, unknown>[] = [
    {
      id: 'upstream',
      header: t('settings.doctor.upstream'),
      cell: ({ row }) => t(`settings.doctor.${row.original.upstream}` as MessageKey),
      meta: { rowHeader: true, cardTitle: true },
    },
    {
      id: 'result',
      header: t('settings.doctor.result'),
      cell: ({ row }) => {
        const c = row.original;
        return (
          <>
            <Badge variant={c.ok ? 'success' : 'warning'}>
              {c.ok ? t('settings.doctor.ok') : t('settings.doctor.failed')}
            </Badge>{' '}
            <ConnectionCheckResult check={c} t={t} />
          </>
        );
      },
    },
  ];
  return (
    <Card aria-labelledby="upstreams-heading" id="upstreams">
      <h2 id="upstreams-heading" className="m-0">
        {t('settings.doctor.heading')}
      </h2>
      <p className="m-0 text-muted-foreground">{t('settings.doctor.intro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Button type="button" disabled={check.isPending} onClick={() => check.mutate({ platformId })}>
          {check.isPending ? t('settings.doctor.running') : t('settings.doctor.run')}
        </Button>
      </div>
      {check.error && (
        <p role="alert" className="m-0 text-destructive">
          {problemText(t, check.error)}
        </p>
      )}
      {report && (
        <>
          <p role="status" className="m-0">
            {t('settings.doctor.mode', { mode: t(`settings.doctor.modeName.${report.upstreamMode}`) })}
          </p>
          <DataTable
            label={t('settings.doctor.heading')}
            labelledBy="upstreams-heading"
            columns={columns}
            data={report.checks}
            getRowId={(c) => c.upstream}
            rowTestId={(c) => `upstream-${c.upstream}`}
            emptyText=""
          />
        </>
      )}
    </Card>
  );
}
