'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api, type RouterOutputs } from '@/trpc/react';
import { problemText } from '@/components/ui/error-message';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { Button } from '@/components/ui/button';

type Decision = 'approve' | 'reject' | 'delay';
type Audit = RouterOutputs['sandbox']['audits']['data'][number];

// Opened by "Reject…" only: the form (and the form library) loads then, not with the sandbox page.
const SandboxRejectForm = dynamic(() => import('./sandbox-reject-form').then((m) => m.SandboxRejectForm));

/** Mini-program versions under the sandbox reviewers' audit, with their decisions, and the WeChat ticket push. */
export function SandboxAuditsPanel({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const audits = api.sandbox.audits.useQuery({ platformId }, { refetchInterval: 5_000 });
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const decide = api.sandbox.decideAudit.useMutation({
    onSuccess: (r) => {
      setRejecting(null);
      setDone(t(`settings.sandbox.decided.${r.decision}`));
      void utils.sandbox.audits.invalidate();
      void utils.miniPrograms.invalidate();
    },
  });
  const ticket = api.sandbox.pushTicket.useMutation({
    onSuccess: (r) => setDone(r.delivered ? t('settings.sandbox.ticketPushed') : t('settings.sandbox.ticketFailed')),
  });
  const send = (auditId: string, decision: Decision, why?: string) =>
    decide.mutate({ platformId, auditId, decision, ...(why ? { reason: why } : {}) });
  const rows = audits.data?.data ?? [];
  const failure = audits.error ?? decide.error ?? ticket.error;
  const [ticketBefore, ticketAfter] = t('settings.sandbox.pushTicket', { ticket: '\u0001' }).split('\u0001');
  const columns: ColumnDef<Audit, unknown>[] = [
    {
      id: 'appId',
      header: t('settings.sandbox.appId'),
      cell: ({ row }) => (
        <>
          <code>{row.original.appId}</code>
          {row.original.delayed && (
            <span className="inline-flex w-fit items-center rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning">
              {' '}
              {t('settings.sandbox.delayed')}
            </span>
          )}
        </>
      ),
      meta: { cardTitle: true },
    },
    {
      id: 'provider',
      header: t('settings.col.provider'),
      cell: ({ row }) => t(`settings.provider.${row.original.provider}`),
    },
    { id: 'version', header: t('settings.sandbox.version'), cell: ({ row }) => row.original.userVersion },
    {
      id: 'submitted',
      header: t('settings.sandbox.submitted'),
      cell: ({ row }) => format.dateTime(row.original.submittedAt),
    },
    {
      id: 'decide',
      header: t('settings.sandbox.decide'),
      cell: ({ row }) => {
        const a = row.original;
        return (
          <div
            className="flex flex-wrap gap-2"
            role="group"
            aria-label={t('settings.sandbox.decisionsFor', { app: a.appId, version: a.userVersion })}
          >
            <Button type="button" disabled={decide.isPending} onClick={() => send(a.auditId, 'approve')}>
              {t('settings.sandbox.approve')}
            </Button>
            <Button
              variant="dangerOutline"
              type="button"
              disabled={decide.isPending}
              aria-expanded={rejecting === a.auditId}
              onClick={() => setRejecting(rejecting === a.auditId ? null : a.auditId)}
            >
              {t('settings.sandbox.reject')}
            </Button>
            <Button
              variant="secondary"
              type="button"
              disabled={decide.isPending}
              onClick={() => send(a.auditId, 'delay')}
            >
              {t('settings.sandbox.delay')}
            </Button>
          </div>
        );
      },
    },
  ];
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="sandbox-audits-heading"
    >
      <h2 id="sandbox-audits-heading">{t('settings.sandbox.audits')}</h2>
      <p className="text-muted-foreground">{t('settings.sandbox.auditsIntro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Button
          variant="secondary"
          type="button"
          disabled={ticket.isPending}
          onClick={() => ticket.mutate({ platformId })}
        >
          {/* The upstream's own name for the ticket is code, in either language. */}
          {ticketBefore}
          <code>component_verify_ticket</code>
          {ticketAfter}
        </Button>
      </div>
      <p role="status" className="text-muted-foreground">
        {done ?? ''}
      </p>
      {failure && (
        <p role="alert" className="text-destructive">
          {problemText(t, failure)}
        </p>
      )}
      {audits.data && rows.length === 0 && <p>{t('settings.sandbox.noAudits')}</p>}
      {rows.length > 0 && (
        <DataTable
          label={t('settings.sandbox.audits')}
          labelledBy="sandbox-audits-heading"
          columns={columns}
          data={rows}
          getRowId={(a) => a.auditId}
          rowTestId={(a) => `audit-${a.appId}`}
          expanded={(a) =>
            rejecting === a.auditId && (
              <SandboxRejectForm
                of="audit"
                busy={decide.isPending}
                onReject={({ reason }) => send(a.auditId, 'reject', reason)}
                onCancel={() => setRejecting(null)}
              />
            )
          }
          emptyText={t('settings.sandbox.noAudits')}
        />
      )}
    </section>
  );
}
