'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { ListFiltersForm, type ListFilters } from '@/components/onboarding/list/list-filters';
import { NewSubMerchant } from '@/components/onboarding/list/new-sub-merchant';
import { SubMerchantTable } from '@/components/onboarding/list/sub-merchant-table';
import { WaitingOnMerchant } from '@/components/onboarding/list/waiting-on-merchant';
import styles from '@/components/onboarding/list/list.module.css';
import { useMembership } from '@/components/membership';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';

const PAGE_SIZE = 20;

export function SubMerchantList({ platformId }: { platformId: string }) {
  const { t } = useI18n();
  const { can } = useMembership();
  const [filters, setFilters] = useState<ListFilters>({});
  const [cursors, setCursors] = useState<string[]>([]);
  // Typing in the search box should not fire one request per keystroke ahead of the screen.
  const deferred = useDeferredValue(filters);
  const query = api.onboardingConsole.list.useQuery(
    { platformId, limit: PAGE_SIZE, cursor: cursors.at(-1), ...deferred, distributor: deferred.distributor?.trim() || undefined },
    { placeholderData: keepPreviousData },
  );
  const applyFilters = (next: ListFilters) => {
    setFilters(next);
    setCursors([]);
  };
  const page = query.data;
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');
  return (
    <>
      <div className={styles.header}>
        <h1>{t('subMerchants.title')}</h1>
        {can('operator') && <NewSubMerchant platformId={platformId} />}
      </div>
      <WaitingOnMerchant platformId={platformId} onPick={(state) => applyFilters({ ...filters, upstreamState: state })} />
      <ListFiltersForm value={filters} onChange={applyFilters} />
      {query.isLoading && <p>{t('common.loading')}</p>}
      {query.error && <p role="alert" className="error">{query.error.message}</p>}
      {page && page.data.length === 0 && (
        <div className="panel">
          <p>{t('subMerchants.empty')}</p>
          {filtered ? (
            <button type="button" className="secondary" onClick={() => applyFilters({})}>{t('onboarding.list.clearFilters')}</button>
          ) : (
            <p className="muted">{t('subMerchants.emptyHint')}</p>
          )}
        </div>
      )}
      {page && page.data.length > 0 && <SubMerchantTable platformId={platformId} rows={page.data} />}
      <nav className={`row ${styles.pager}`} aria-label={t('onboarding.list.pages')}>
        <button type="button" className="secondary" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {t('common.previous')}
        </button>
        <span className="muted" aria-live="polite">{t('onboarding.list.pageNumber', { page: cursors.length + 1 })}</span>
        <button
          type="button"
          className="secondary"
          disabled={!page?.hasMore || query.isPlaceholderData}
          onClick={() => page?.nextCursor && setCursors((c) => [...c, page.nextCursor!])}
        >
          {t('common.next')}
        </button>
      </nav>
    </>
  );
}
