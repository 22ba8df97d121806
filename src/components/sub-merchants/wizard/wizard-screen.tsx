'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Suspense, useMemo } from 'react';
import { useMembership } from '@/components/membership';
import { ErrorMessage } from '@/components/ui/error-message';
import { statusLabels } from '@/components/sub-merchants/status-labels';
import { editable } from '@/domain/sub-merchant-states';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { merchantNameOf } from '../record-types';
import { operatorBackend } from './operator-backend';
import { WizardForm } from './wizard-form';

const notice = 'mb-4 rounded-lg border bg-card p-4 sm:p-5';

/**
 * The onboarding wizard around its form. The record (the server's current draft, so a reload resumes where the
 * operator was) is prefetched by the page and hydrated (docs/console.md), so the form arrives rendered with it.
 * The form takes the record once, as its starting values; later refetches of the query do not reset it.
 */
export function WizardScreen({ platformId, id }: { platformId: string; id: string }) {
  const { t } = useI18n();
  const { can } = useMembership();
  const router = useRouter();
  const backend = useMemo(() => operatorBackend(platformId, id), [platformId, id]);
  const loaded = api.subMerchants.get.useQuery({ platformId, id }, { refetchOnWindowFocus: false });
  const record = loaded.data;
  const labels = statusLabels(t);
  const name = merchantNameOf(record);
  return (
    <>
      <p>
        <Link href={`/platforms/${platformId}/sub-merchants/${id}`}>← {t('subMerchants.wizard.toDetail')}</Link>
      </p>
      <h1>
        {t('subMerchants.wizard.title')}
        {record && (
          <span className="text-muted-foreground">
            {' '}
            {name && <>· {name} </>}· {record.distributorExternalUserId ?? t('subMerchants.platformOwn')} ·{' '}
            {labels.provider(record.provider)}
          </span>
        )}
      </h1>
      {loaded.error && <ErrorMessage error={loaded.error} />}
      {!record && !loaded.error && <p>{t('common.loading')}</p>}
      {record && !can('operator') && <p className={notice}>{t('subMerchants.wizard.viewerOnly')}</p>}
      {record && can('operator') && !editable(record.chApplymentState) && (
        <p className={notice}>
          {t('subMerchants.wizard.notEditable', { state: labels.state(record.chApplymentState ?? undefined) })}
        </p>
      )}
      {record && can('operator') && editable(record.chApplymentState) && (
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <WizardForm
            key={record.id}
            backend={backend}
            record={record}
            onSubmitted={() => router.push(`/platforms/${platformId}/sub-merchants/${id}`)}
          />
        </Suspense>
      )}
    </>
  );
}
