'use client';

import dynamic from 'next/dynamic';
import { Fragment, useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { errorText } from './error-text';
import { DataTable } from './data-table';
import { Button } from '@/components/ui/button';

type Decision = 'approve' | 'reject' | 'delay';

// Opened by "Reject…" only: the form (and the form library) loads then, not with the sandbox page.
const AuditRejectForm = dynamic(() => import('./sandbox-audit-reject-form').then((m) => m.AuditRejectForm));

/** Mini-program versions under the sandbox reviewers' audit, with their decisions, and the WeChat ticket push. */
export function SandboxAuditsPanel({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const audits = api.consoleAdmin.sandbox.audits.useQuery({ platformId }, { refetchInterval: 5_000 });
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const decide = api.consoleAdmin.sandbox.decideAudit.useMutation({
    onSuccess: (r) => {
      setRejecting(null);
      setDone(t(`settings.sandbox.decided.${r.decision}`));
      void utils.consoleAdmin.sandbox.audits.invalidate();
      void utils.miniPrograms.invalidate();
    },
  });
  const ticket = api.consoleAdmin.sandbox.pushTicket.useMutation({
    onSuccess: (r) => setDone(r.delivered ? t('settings.sandbox.ticketPushed') : t('settings.sandbox.ticketFailed')),
  });
  const send = (auditId: string, decision: Decision, why?: string) =>
    decide.mutate({ platformId, auditId, decision, ...(why ? { reason: why } : {}) });
  const rows = audits.data?.data ?? [];
  const failure = audits.error ?? decide.error ?? ticket.error;
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
          {t('settings.sandbox.pushTicket')}
        </Button>
      </div>
      <p role="status" className="text-muted-foreground">
        {done ?? ''}
      </p>
      {failure && (
        <p role="alert" className="text-destructive">
          {errorText(t, failure)}
        </p>
      )}
      {audits.data && rows.length === 0 && <p>{t('settings.sandbox.noAudits')}</p>}
      {rows.length > 0 && (
        <DataTable
          labelledBy="sandbox-audits-heading"
          columns={[
            t('settings.sandbox.appId'),
            t('settings.col.provider'),
            t('settings.sandbox.version'),
            t('settings.sandbox.submitted'),
            t('settings.sandbox.decide'),
          ]}
        >
          {rows.map((a) => (
            <Fragment key={a.auditId}>
              <tr data-testid={`audit-${a.appId}`}>
                <td>
                  <code>{a.appId}</code>
                  {a.delayed && (
                    <span className="inline-flex w-fit items-center rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning">
                      {' '}
                      {t('settings.sandbox.delayed')}
                    </span>
                  )}
                </td>
                <td>{t(`settings.provider.${a.provider}`)}</td>
                <td>{a.userVersion}</td>
                <td>{format.dateTime(a.submittedAt)}</td>
                <td>
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
                </td>
              </tr>
              {rejecting === a.auditId && (
                <tr>
                  <td colSpan={5}>
                    <AuditRejectForm
                      busy={decide.isPending}
                      onReject={(reason) => send(a.auditId, 'reject', reason)}
                      onCancel={() => setRejecting(null)}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </DataTable>
      )}
    </section>
  );
}
