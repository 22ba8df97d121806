'use client';

import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import type { pipelineState } from './pipeline-state';

type State = ReturnType<typeof pipelineState>;

const auditBadge: Record<string, { key: MessageKey; className: string }> = {
  pending: {
    key: 'miniPrograms.audit.pending',
    className:
      'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium bg-warning-soft text-warning',
  },
  approved: {
    key: 'miniPrograms.audit.approved',
    className:
      'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium bg-success-soft text-success',
  },
  rejected: {
    key: 'miniPrograms.audit.rejected',
    className:
      'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium bg-destructive/10 text-destructive',
  },
};

/** committed → under audit (pending / approved / rejected with reason) → released, as three cards. */
export function PipelineStages({ state }: { state: State }) {
  const { t, format } = useI18n();
  const { commit, audit, released, awaitingSubmit } = state;
  const auditClass = !audit
    ? ''
    : audit.status === 'pending'
      ? 'border-primary ring-2 ring-accent'
      : audit.status === 'rejected'
        ? 'border-destructive'
        : 'border-success';
  return (
    <ol className="m-0 grid list-none gap-3 p-0 md:grid-cols-3" aria-label={t('miniPrograms.pipeline.heading')}>
      <li
        className={`relative min-w-0 rounded-lg border bg-card px-4 py-3 [&_h3]:mt-0 [&_h3]:mb-1.5 [&_h3]:text-[0.95rem] [&_p]:my-1 [&_p]:text-sm ${commit ? 'border-success' : ''}`}
        data-testid="stage-committed"
      >
        <h3>{t('miniPrograms.stage.committed')}</h3>
        {commit ? (
          <>
            <p>
              <strong>{t('miniPrograms.stage.version', { version: commit.userVersion })}</strong>
            </p>
            <p className="text-muted-foreground">
              {commit.templateId} · {format.dateTime(commit.createdAt)}
            </p>
            {commit.userDesc && <p>{commit.userDesc}</p>}
          </>
        ) : (
          <p className="text-muted-foreground">{t('miniPrograms.stage.nothingCommitted')}</p>
        )}
      </li>
      <li
        className={`relative min-w-0 rounded-lg border bg-card px-4 py-3 [&_h3]:mt-0 [&_h3]:mb-1.5 [&_h3]:text-[0.95rem] [&_p]:my-1 [&_p]:text-sm ${auditClass}`}
        data-testid="stage-audit"
        aria-live="polite"
      >
        <h3>{t('miniPrograms.stage.audit')}</h3>
        {audit ? (
          <>
            <p>
              <strong>{t('miniPrograms.stage.version', { version: audit.userVersion })}</strong>{' '}
              <span className={auditBadge[audit.status]?.className}>
                {t(auditBadge[audit.status]?.key ?? 'miniPrograms.audit.pending')}
              </span>
            </p>
            <p className="text-muted-foreground">
              <code>{audit.auditId}</code> · {format.dateTime(audit.decidedAt ?? audit.submittedAt)}
            </p>
            {audit.reason && (
              <p className="text-destructive">{t('miniPrograms.stage.reason', { reason: audit.reason })}</p>
            )}
            {audit.status === 'pending' && (
              <p className="text-muted-foreground">{t('miniPrograms.stage.autoRefresh')}</p>
            )}
            {audit.status === 'pending' && audit.delayed && (
              <p className="text-muted-foreground">{t('miniPrograms.stage.delayed')}</p>
            )}
          </>
        ) : (
          <p className="text-muted-foreground">{t('miniPrograms.stage.notSubmitted')}</p>
        )}
        {awaitingSubmit && commit && audit && (
          <p className="text-muted-foreground">
            {t('miniPrograms.stage.awaitingSubmit', { version: commit.userVersion })}
          </p>
        )}
      </li>
      <li
        className={`relative min-w-0 rounded-lg border bg-card px-4 py-3 [&_h3]:mt-0 [&_h3]:mb-1.5 [&_h3]:text-[0.95rem] [&_p]:my-1 [&_p]:text-sm ${released ? 'border-success' : ''}`}
        data-testid="stage-released"
      >
        <h3>{t('miniPrograms.stage.released')}</h3>
        {released ? (
          <>
            <p>
              <strong>{t('miniPrograms.stage.version', { version: released.userVersion })}</strong>{' '}
              <span className="inline-flex w-fit items-center rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success">
                {t('miniPrograms.audit.released')}
              </span>
            </p>
            <p className="text-muted-foreground">{format.dateTime(released.releasedAt!)}</p>
          </>
        ) : (
          <p className="text-muted-foreground">{t('miniPrograms.stage.notReleased')}</p>
        )}
      </li>
    </ol>
  );
}
