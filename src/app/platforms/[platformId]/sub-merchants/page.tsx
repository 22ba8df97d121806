import Link from 'next/link';
import { ListFiltersForm } from '@/components/sub-merchants/list/list-filters';
import { hasFilters, listHref, readListLocation } from '@/components/sub-merchants/list/list-location';
import { ListPager } from '@/components/sub-merchants/list/list-pager';
import styles from '@/components/sub-merchants/list/list.module.css';
import { NewSubMerchant } from '@/components/sub-merchants/list/new-sub-merchant';
import { SubMerchantTable } from '@/components/sub-merchants/list/sub-merchant-table';
import { WaitingOnMerchant } from '@/components/sub-merchants/list/waiting-on-merchant';
import { statusLabels } from '@/components/sub-merchants/status-labels';
import { hasRole } from '@/server/auth/roles';
import { formatters } from '@/i18n/format';
import { defaultLocale } from '@/i18n/locales';
import { translator } from '@/i18n/translate';
import { consoleSession } from '@/server/console-session/console-session';
import { callAsOperator, toActionFailure } from '@/server/trpc/server-caller';
import { consolePageTitle } from '@/server/console-session/console-metadata';
import { providers } from '@/domain/providers';
import { subMerchantStatuses, upstreamStateFilters } from '@/domain/sub-merchant-states';

export const generateMetadata = consolePageTitle('nav.subMerchants');

const PAGE_SIZE = 20;

type Props = {
  params: Promise<{ platformId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The sub-merchant list, rendered on the server through the same tRPC procedures the browser would call
 * (membership and role checked there); filters and the page are in the address. Only the filter form and
 * "New sub-merchant" are client islands.
 */
export default async function SubMerchantsPage({ params, searchParams }: Props) {
  const [{ platformId }, query, session] = await Promise.all([params, searchParams, consoleSession()]);
  const locale = session?.operator.locale ?? defaultLocale;
  const role = session?.platforms.find((p) => p.platformId === platformId)?.role ?? 'viewer';
  const t = translator(locale);
  const format = formatters(locale);
  const labels = statusLabels(t);
  const base = `/platforms/${platformId}/sub-merchants`;
  const location = readListLocation(query);
  const { filters } = location;
  const loaded = await callAsOperator((caller) =>
    Promise.all([
      caller.subMerchantConsole.list({ platformId, limit: PAGE_SIZE, cursor: location.after.at(-1), ...filters }),
      caller.subMerchantConsole.waiting({ platformId }),
    ]),
  ).catch(toActionFailure);
  const [page, waiting] = Array.isArray(loaded) ? loaded : [undefined, undefined];
  const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));
  return (
    <>
      <div className={styles.header}>
        <h1>{t('subMerchants.title')}</h1>
        {hasRole(role, 'operator') && (
          <NewSubMerchant
            platformId={platformId}
            providers={options(providers, labels.provider)}
            texts={{
              new: t('subMerchants.list.new'),
              provider: t('subMerchants.col.provider'),
              distributor: t('subMerchants.list.newDistributor'),
              distributorHint: t('subMerchants.list.newDistributorHint'),
              create: t('subMerchants.list.createAndStart'),
              cancel: t('common.cancel'),
            }}
          />
        )}
      </div>
      {waiting && (
        <WaitingOnMerchant
          waiting={waiting}
          t={t}
          format={format}
          hrefFor={(state) => listHref(base, { filters: { ...filters, upstreamState: state }, after: [] })}
        />
      )}
      <ListFiltersForm
        base={base}
        value={filters}
        choices={{
          status: options(subMerchantStatuses, labels.status),
          provider: options(providers, labels.provider),
          upstreamState: options(upstreamStateFilters, labels.state),
        }}
        texts={{
          filters: t('subMerchants.list.filters'),
          status: t('subMerchants.col.status'),
          provider: t('subMerchants.col.provider'),
          upstreamState: t('subMerchants.col.upstreamState'),
          any: t('subMerchants.list.any'),
          distributor: t('subMerchants.distributorFilter'),
          distributorPlaceholder: t('subMerchants.distributorPlaceholder'),
        }}
      />
      {!Array.isArray(loaded) && (
        <p role="alert" className="error">
          {loaded.message}
        </p>
      )}
      {page && page.data.length === 0 && (
        <div className="panel">
          <p>{t('subMerchants.empty')}</p>
          {hasFilters(filters) ? (
            <Link className="button secondary" href={base}>
              {t('subMerchants.list.clearFilters')}
            </Link>
          ) : (
            <p className="muted">{t('subMerchants.emptyHint')}</p>
          )}
        </div>
      )}
      {page && page.data.length > 0 && (
        <SubMerchantTable platformId={platformId} rows={page.data} texts={{ t, format, labels }} />
      )}
      <ListPager base={base} location={location} nextCursor={(page?.hasMore && page.nextCursor) || undefined} t={t} />
    </>
  );
}
