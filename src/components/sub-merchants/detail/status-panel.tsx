'use client';

import Link from 'next/link';
import { useMembership } from '@/components/membership';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import type { SubMerchantRecord } from '../record-types';
import { stateTone, useSubMerchantLabels } from '../use-sub-merchant-labels';
import styles from './detail.module.css';
import { editable } from '@/domain/sub-merchant-states';

/** Status, upstream state with its message, last sync, ids; operators refresh from the upstream or edit. */
export function StatusPanel({ platformId, record }: { platformId: string; record: SubMerchantRecord }) {
  const { t, format } = useI18n();
  const labels = useSubMerchantLabels();
  const { can } = useMembership();
  const utils = api.useUtils();
  const refresh = api.subMerchantConsole.refresh.useMutation({
    onSuccess: (fresh) => {
      utils.subMerchants.get.setData({ platformId, id: record.id }, fresh);
      void utils.subMerchants.history.invalidate({ platformId, id: record.id });
      void utils.subMerchantConsole.invalidate();
    },
  });
  const canEdit = can('operator') && editable(record.chApplymentState);
  return (
    <section className="panel" aria-labelledby="status-heading">
      <h2 id="status-heading" className={styles.first}>
        {t('subMerchants.detail.status')}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('workQueue.detail.state')}</dt>
          <dd>
            {/* One state, said once: ours once onboarding is done (active, suspended), the upstream's before. */}
            {record.status === 'pending' ? (
              <span className={`badge ${stateTone(record.chApplymentState)}`} data-testid="upstream-state">
                {labels.state(record.chApplymentState)}
              </span>
            ) : (
              <span className={`badge ${record.status === 'active' ? 'ok' : 'warn'}`} data-testid="record-status">
                {labels.status(record.status)}
              </span>
            )}
            {record.chApplymentStateMsg && <span className={styles.stateMsg}>{record.chApplymentStateMsg}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('subMerchants.detail.lastSynced')}</dt>
          <dd>{record.lastSyncedAt ? format.dateTimeWithZone(record.lastSyncedAt) : t('common.never')}</dd>
        </div>
        <div>
          <dt>{t('subMerchants.attr.chSubMchid')}</dt>
          <dd data-testid="sub-mchid">{record.chSubMchid ? <code>{record.chSubMchid}</code> : '—'}</dd>
        </div>
        <div>
          <dt>{t('subMerchants.attr.chApplymentId')}</dt>
          <dd>{record.chApplymentId ? <code>{record.chApplymentId}</code> : '—'}</dd>
        </div>
        <div>
          <dt>{t('subMerchants.col.provider')}</dt>
          <dd>{labels.provider(record.provider)}</dd>
        </div>
        <div>
          <dt>{t('subMerchants.col.distributor')}</dt>
          <dd>{record.distributorExternalUserId ?? t('subMerchants.platformOwn')}</dd>
        </div>
        <div>
          <dt>{t('subMerchants.attr.commissionRate')}</dt>
          <dd>{format.number(record.commissionRate)}%</dd>
        </div>
        <div>
          <dt>{t('subMerchants.col.updated')}</dt>
          <dd>
            <time dateTime={record.updatedAt} data-testid="record-updated">
              {format.dateTimeWithZone(record.updatedAt)}
            </time>
          </dd>
        </div>
      </dl>
      {refresh.error && (
        <p role="alert" className="error">
          {refresh.error.message}
        </p>
      )}
      <div className="row">
        {canEdit && (
          <Link
            className={styles.buttonLink}
            href={`/platforms/${platformId}/sub-merchants/${record.id}/edit?step=${record.chApplymentState ? 'review' : 'license'}`}
          >
            {record.chApplymentState ? t('subMerchants.detail.fixAndResubmit') : t('subMerchants.detail.continue')}
          </Link>
        )}
        {can('operator') && record.chApplymentState && record.chApplymentState !== 'finished' && (
          <button
            type="button"
            className="secondary"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate({ platformId, id: record.id })}
          >
            {refresh.isPending ? t('subMerchants.detail.refreshing') : t('subMerchants.detail.refresh')}
          </button>
        )}
      </div>
    </section>
  );
}
