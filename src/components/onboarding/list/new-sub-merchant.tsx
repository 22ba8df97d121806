'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { providerValues, type ProviderValue } from '../upstream-states';
import { useOnboardingLabels } from '../use-onboarding-labels';
import styles from './list.module.css';

/** Operators create a record (provider, optional distributor id) and land in the wizard's first step. */
export function NewSubMerchant({ platformId }: { platformId: string }) {
  const { t } = useI18n();
  const labels = useOnboardingLabels();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [provider, setProvider] = useState<ProviderValue>('providerA');
  const [distributor, setDistributor] = useState('');
  const create = api.subMerchants.create.useMutation({
    onSuccess: ({ record }) => router.push(`/platforms/${platformId}/sub-merchants/${record.id}/edit?step=license`),
  });
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} aria-expanded={false}>
        {t('onboarding.list.new')}
      </button>
    );
  }
  return (
    <form
      className={`panel ${styles.newForm}`}
      aria-labelledby="new-heading"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ platformId, provider, distributorExternalUserId: distributor.trim() || undefined });
      }}
    >
      <h2 id="new-heading">{t('onboarding.list.new')}</h2>
      <div className="row">
        <div>
          <label htmlFor="new-provider">{t('subMerchants.col.provider')}</label>
          <select id="new-provider" value={provider} onChange={(e) => setProvider(e.target.value as ProviderValue)}>
            {providerValues.map((p) => <option key={p} value={p}>{labels.provider(p)}</option>)}
          </select>
        </div>
        <div className={styles.grow}>
          <label htmlFor="new-distributor">{t('onboarding.list.newDistributor')}</label>
          <input id="new-distributor" value={distributor} maxLength={128} onChange={(e) => setDistributor(e.target.value)} aria-describedby="new-distributor-hint" />
          <small id="new-distributor-hint" className="muted">{t('onboarding.list.newDistributorHint')}</small>
        </div>
      </div>
      {create.error && <p role="alert" className="error">{create.error.message}</p>}
      <div className="row">
        <button type="submit" disabled={create.isPending}>{t('onboarding.list.createAndStart')}</button>
        <button type="button" className="secondary" onClick={() => setOpen(false)}>{t('common.cancel')}</button>
      </div>
    </form>
  );
}
