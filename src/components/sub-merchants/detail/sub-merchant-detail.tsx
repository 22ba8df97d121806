'use client';

import { ErrorMessage } from '@/components/ui/error-message';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useMembership } from '@/components/membership';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { merchantNameOf } from '../record-types';
import { FormDataView } from './form-data-view';
import { HistoryTimeline } from './history-timeline';
import { SignQr } from './sign-qr';
import { StatusPanel } from './status-panel';
import { reviewUnderWay, waitingOnMerchant } from '@/domain/sub-merchant-states';

// Admin-only controls load on demand: a viewer's or operator's first paint does not carry them (the page's
// first-load JavaScript budget is 250 kB gzipped).
const SuspendControl = dynamic(() => import('./suspend-control').then((m) => m.SuspendControl));
const BackfillForm = dynamic(() => import('./backfill-form').then((m) => m.BackfillForm));
// Below the fold, and it brings the QR encoder's caller: not part of the first paint either.
const SendToSeller = dynamic(() => import('./send-to-seller').then((m) => m.SendToSeller));

/** One record: state, what the merchant must do, what the upstream refused, its history, admin back-fill. */
export function SubMerchantDetail({ platformId, id }: { platformId: string; id: string }) {
  const { t } = useI18n();
  const { can } = useMembership();
  // While the upstream reviews, the background sync may change the record: look again now and then.
  const record = api.subMerchants.get.useQuery(
    { platformId, id },
    { refetchInterval: (query) => (reviewUnderWay(query.state.data?.chApplymentState) ? 20_000 : false) },
  );
  const history = api.subMerchants.history.useQuery({ platformId, id });
  const data = record.data;
  const name = merchantNameOf(data);
  return (
    <>
      <p>
        <Link href={`/platforms/${platformId}/sub-merchants`}>← {t('subMerchants.detail.backToList')}</Link>
      </p>
      <h1 className="text-2xl font-semibold break-words">{name ?? t('subMerchants.detail.title')}</h1>
      <p className="text-sm text-muted-foreground">{t('workQueue.detail.recordId', { id })}</p>
      {record.error && <ErrorMessage error={record.error} />}
      {!data && !record.error && <p>{t('common.loading')}</p>}
      {data && (
        <>
          <StatusPanel platformId={platformId} record={data} />
          {can('admin') && (
            <div className="flex flex-wrap gap-2">
              <SuspendControl platformId={platformId} record={data} name={name ?? data.id} />
            </div>
          )}
          {data.signUrl && waitingOnMerchant(data.chApplymentState) && (
            <SignQr url={data.signUrl} state={data.chApplymentState as 'to_be_confirmed' | 'to_be_signed'} />
          )}
          <SendToSeller platformId={platformId} subMerchantId={data.id} />
          <FormDataView platformId={platformId} record={data} />
          {history.data && <HistoryTimeline entries={history.data} />}
          {can('admin') && <BackfillForm key={`${data.id}-${data.updatedAt}`} platformId={platformId} record={data} />}
        </>
      )}
    </>
  );
}
