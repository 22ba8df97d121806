'use client';

import Link from 'next/link';
import { Suspense } from 'react';
import { useMembership } from '@/components/membership';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { editable } from '../upstream-states';
import { useOnboardingLabels } from '../use-onboarding-labels';
import { WizardForm } from './wizard-form';

/** Loads the record (resume after a reload) and opens the form when this operator may edit it now. */
export function Wizard({ platformId, id }: { platformId: string; id: string }) {
  const { t } = useI18n();
  const labels = useOnboardingLabels();
  const { can } = useMembership();
  const record = api.subMerchants.get.useQuery({ platformId, id }, { refetchOnWindowFocus: false, refetchOnMount: 'always' });
  const detail = `/platforms/${platformId}/sub-merchants/${id}`;
  // The form starts from the server's current draft, never from a cached copy.
  const data = record.isFetchedAfterMount ? record.data : undefined;
  return (
    <>
      <p><Link href={detail}>← {t('onboarding.wizard.toDetail')}</Link></p>
      <h1>
        {t('onboarding.wizard.title')}
        {data && <span className="muted"> · {data.distributorExternalUserId ?? t('subMerchants.platformOwn')} · {labels.provider(data.provider)}</span>}
      </h1>
      {record.error && <p role="alert" className="error">{record.error.message}</p>}
      {!data && !record.error && <p>{t('common.loading')}</p>}
      {data && !can('operator') && <p className="panel">{t('onboarding.wizard.viewerOnly')}</p>}
      {data && can('operator') && !editable(data.chApplymentState) && (
        <p className="panel">{t('onboarding.wizard.notEditable', { state: labels.state(data.chApplymentState) })}</p>
      )}
      {data && can('operator') && editable(data.chApplymentState) && (
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <WizardForm key={data.id} platformId={platformId} record={data} />
        </Suspense>
      )}
    </>
  );
}
