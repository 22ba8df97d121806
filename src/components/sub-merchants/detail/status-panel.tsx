'use client';

import { ErrorMessage } from '@/components/ui/error-message';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMembership } from '@/components/membership';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import type { SubMerchantRecord } from '../record-types';
import { stateTone, toneVariant, useSubMerchantLabels } from '../use-sub-merchant-labels';
import { editable } from '@/domain/sub-merchant-states';
import { upstreamMessageWorthShowing } from '../upstream-message';

/** Status, upstream state with its message, last sync, ids; operators refresh from the upstream or edit. */
export function StatusPanel({ platformId, record }: { platformId: string; record: SubMerchantRecord }) {
  const { t, format, locale } = useI18n();
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
  const stateMessage = upstreamMessageWorthShowing(
    record.chApplymentStateMsg,
    record.status === 'pending' ? labels.state(record.chApplymentState) : labels.status(record.status),
    locale,
    record.chApplymentState === 'rejected' ? record.rejectReasons.length : 0,
  );
  return (
    <Card aria-labelledby="status-heading">
      <h2 id="status-heading" className="m-0">
        {t('subMerchants.detail.status')}
      </h2>
      <dl className="m-0 grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-x-5 gap-y-2 [&_dd]:mt-0.5 [&_dd]:mb-0 [&_dd]:break-all [&_dt]:text-sm [&_dt]:text-muted-foreground">
        <div>
          <dt>{t('workQueue.detail.state')}</dt>
          <dd>
            {/* One state, said once: ours once onboarding is done (active, suspended), the upstream's before. */}
            {record.status === 'pending' ? (
              <Badge variant={toneVariant[stateTone(record.chApplymentState)]} data-testid="upstream-state">
                {labels.state(record.chApplymentState)}
              </Badge>
            ) : (
              <Badge variant={record.status === 'active' ? 'success' : 'warning'} data-testid="record-status">
                {labels.status(record.status)}
              </Badge>
            )}
            {stateMessage && <span className="mt-1 block text-sm">{stateMessage}</span>}
          </dd>
        </div>
        {record.reviewRequestedAt && (
          <div>
            <dt>{t('subMerchants.attr.reviewRequestedAt')}</dt>
            <dd>
              <Badge variant="warning" data-testid="review-requested">
                {t('subMerchants.detail.reviewRequested')}
              </Badge>
              <time className="mt-1 block text-sm" dateTime={record.reviewRequestedAt}>
                {format.dateTimeWithZone(record.reviewRequestedAt)}
              </time>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('subMerchants.detail.lastSynced')}</dt>
          <dd>{record.lastSyncedAt ? format.dateTimeWithZone(record.lastSyncedAt) : t('common.never')}</dd>
        </div>
        {record.nextSyncAt && (
          <div>
            <dt>{t('subMerchants.detail.nextSync')}</dt>
            <dd>
              <time dateTime={record.nextSyncAt} data-testid="next-sync">
                {format.dateTimeWithZone(record.nextSyncAt)}
              </time>
            </dd>
          </div>
        )}
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
      {refresh.error && <ErrorMessage error={refresh.error} />}
      <div className="flex flex-wrap items-end gap-3">
        {canEdit && (
          <Button asChild>
            <Link
              href={`/platforms/${platformId}/sub-merchants/${record.id}/edit?step=${record.chApplymentState || record.reviewRequestedAt ? 'review' : 'license'}`}
            >
              {record.reviewRequestedAt
                ? t('subMerchants.detail.checkAndSubmit')
                : record.chApplymentState
                  ? t('subMerchants.detail.fixAndResubmit')
                  : t('subMerchants.detail.continue')}
            </Link>
          </Button>
        )}
        {can('operator') && record.chApplymentState && record.chApplymentState !== 'finished' && (
          <Button
            type="button"
            variant="secondary"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate({ platformId, id: record.id })}
          >
            {refresh.isPending ? t('subMerchants.detail.refreshing') : t('subMerchants.detail.refresh')}
          </Button>
        )}
      </div>
    </Card>
  );
}
