'use client';

import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import styles from './mini-programs.module.css';
import type { pipelineState } from './pipeline-state';

type State = ReturnType<typeof pipelineState>;

const auditBadge: Record<string, { key: MessageKey; className: string }> = {
  pending: { key: 'miniPrograms.audit.pending', className: 'badge warn' },
  approved: { key: 'miniPrograms.audit.approved', className: 'badge ok' },
  rejected: { key: 'miniPrograms.audit.rejected', className: `badge ${styles.badgeDanger}` },
};

/** committed → under audit (pending / approved / rejected with reason) → released, as three cards. */
export function PipelineStages({ state }: { state: State }) {
  const { t, format } = useI18n();
  const { commit, audit, released, awaitingSubmit } = state;
  const auditClass = !audit
    ? ''
    : audit.status === 'pending'
      ? styles.stageActive
      : audit.status === 'rejected'
        ? styles.stageFailed
        : styles.stageDone;
  return (
    <ol className={styles.stages} aria-label={t('miniPrograms.pipeline.heading')}>
      <li className={`${styles.stage} ${commit ? styles.stageDone : ''}`} data-testid="stage-committed">
        <h3>{t('miniPrograms.stage.committed')}</h3>
        {commit ? (
          <>
            <p>
              <strong>{t('miniPrograms.stage.version', { version: commit.userVersion })}</strong>
            </p>
            <p className="muted">
              {commit.templateId} · {format.dateTime(commit.createdAt)}
            </p>
            {commit.userDesc && <p>{commit.userDesc}</p>}
          </>
        ) : (
          <p className="muted">{t('miniPrograms.stage.nothingCommitted')}</p>
        )}
      </li>
      <li className={`${styles.stage} ${auditClass}`} data-testid="stage-audit" aria-live="polite">
        <h3>{t('miniPrograms.stage.audit')}</h3>
        {audit ? (
          <>
            <p>
              <strong>{t('miniPrograms.stage.version', { version: audit.userVersion })}</strong>{' '}
              <span className={auditBadge[audit.status]?.className}>
                {t(auditBadge[audit.status]?.key ?? 'miniPrograms.audit.pending')}
              </span>
            </p>
            <p className="muted">
              <code>{audit.auditId}</code> · {format.dateTime(audit.decidedAt ?? audit.submittedAt)}
            </p>
            {audit.reason && <p className="error">{t('miniPrograms.stage.reason', { reason: audit.reason })}</p>}
            {audit.status === 'pending' && <p className="muted">{t('miniPrograms.stage.autoRefresh')}</p>}
            {audit.status === 'pending' && audit.delayed && <p className="muted">{t('miniPrograms.stage.delayed')}</p>}
          </>
        ) : (
          <p className="muted">{t('miniPrograms.stage.notSubmitted')}</p>
        )}
        {awaitingSubmit && commit && audit && (
          <p className="muted">{t('miniPrograms.stage.awaitingSubmit', { version: commit.userVersion })}</p>
        )}
      </li>
      <li className={`${styles.stage} ${released ? styles.stageDone : ''}`} data-testid="stage-released">
        <h3>{t('miniPrograms.stage.released')}</h3>
        {released ? (
          <>
            <p>
              <strong>{t('miniPrograms.stage.version', { version: released.userVersion })}</strong>{' '}
              <span className="badge ok">{t('miniPrograms.audit.released')}</span>
            </p>
            <p className="muted">{format.dateTime(released.releasedAt!)}</p>
          </>
        ) : (
          <p className="muted">{t('miniPrograms.stage.notReleased')}</p>
        )}
      </li>
    </ol>
  );
}
