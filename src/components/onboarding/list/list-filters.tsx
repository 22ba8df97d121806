'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { providerValues as providers, subMerchantStatusValues as subMerchantStatuses, upstreamStateFilters } from '../upstream-states';
import { useOnboardingLabels } from '../use-onboarding-labels';
import styles from './list.module.css';

export type ListFilters = {
  status?: (typeof subMerchantStatuses)[number];
  provider?: (typeof providers)[number];
  upstreamState?: (typeof upstreamStateFilters)[number];
  distributor?: string;
};

/** Status, provider, upstream state and distributor search; every change starts again at the first page. */
export function ListFiltersForm({ value, onChange }: { value: ListFilters; onChange: (next: ListFilters) => void }) {
  const { t } = useI18n();
  const labels = useOnboardingLabels();
  const set = (patch: Partial<ListFilters>) => onChange({ ...value, ...patch });
  return (
    <form className={`panel ${styles.filters}`} role="search" aria-label={t('onboarding.list.filters')} onSubmit={(e) => e.preventDefault()}>
      <div>
        <label htmlFor="filter-status">{t('subMerchants.col.status')}</label>
        <select id="filter-status" value={value.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as ListFilters['status'] })}>
          <option value="">{t('onboarding.list.any')}</option>
          {subMerchantStatuses.map((s) => <option key={s} value={s}>{labels.status(s)}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor="filter-provider">{t('subMerchants.col.provider')}</label>
        <select id="filter-provider" value={value.provider ?? ''} onChange={(e) => set({ provider: (e.target.value || undefined) as ListFilters['provider'] })}>
          <option value="">{t('onboarding.list.any')}</option>
          {providers.map((p) => <option key={p} value={p}>{labels.provider(p)}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor="filter-state">{t('subMerchants.col.upstreamState')}</label>
        <select id="filter-state" value={value.upstreamState ?? ''} onChange={(e) => set({ upstreamState: (e.target.value || undefined) as ListFilters['upstreamState'] })}>
          <option value="">{t('onboarding.list.any')}</option>
          {upstreamStateFilters.map((s) => <option key={s} value={s}>{labels.state(s)}</option>)}
        </select>
      </div>
      <div className={styles.grow}>
        <label htmlFor="distributor-filter">{t('subMerchants.distributorFilter')}</label>
        <input
          id="distributor-filter"
          type="search"
          value={value.distributor ?? ''}
          placeholder={t('subMerchants.distributorPlaceholder')}
          onChange={(e) => set({ distributor: e.target.value })}
        />
      </div>
    </form>
  );
}
