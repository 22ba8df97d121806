import { NuqsAdapter } from 'nuqs/adapters/next/app';
import { Suspense } from 'react';
import { ConsoleClient } from '@/components/console-client';
import { NewSubMerchant } from '@/components/sub-merchants/list/new-sub-merchant';
import { QUEUE_PAGE_SIZE, queueInputs, readQueueLocation } from '@/components/sub-merchants/list/queue-location';
import { WorkQueueScreen } from '@/components/sub-merchants/list/work-queue-screen';
import { statusLabels } from '@/components/sub-merchants/status-labels';
import { providers } from '@/domain/providers';
import { formDataFieldNames, formDataFields } from '@/schemas/form-data/fields';
import { defaultLocale } from '@/i18n/locales';
import { translator } from '@/i18n/translate';
import { hasRole } from '@/server/auth/roles';
import { consolePageTitle } from '@/server/console-session/console-metadata';
import { consoleSession } from '@/server/console-session/console-session';
import { HydrateClient, serverApi } from '@/trpc/server';
import { TrpcProvider } from '@/trpc/react';

export const generateMetadata = consolePageTitle('nav.subMerchants');

type Props = {
  params: Promise<{ platformId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The work queue: the view (tab, search, sort, page) is in the address; its first page and the tab counts are
 * prefetched here with the operator's own tRPC context and hydrated into the client screen, so the first HTML
 * already holds the rows and the browser does not fetch them again.
 */
export default async function SubMerchantsPage({ params, searchParams }: Props) {
  const [{ platformId }, query, session] = await Promise.all([params, searchParams, consoleSession()]);
  const locale = session?.operator.locale ?? defaultLocale;
  const role = session?.platforms.find((p) => p.platformId === platformId)?.role ?? 'viewer';
  const t = translator(locale);
  const labels = statusLabels(t);
  const inputs = queueInputs(platformId, readQueueLocation(query), QUEUE_PAGE_SIZE);
  // A refused prefetch (bad cursor, no membership) leaves the cache empty; the screen then shows its own error.
  await Promise.allSettled([
    serverApi.subMerchantConsole.queue.prefetch(inputs.page),
    serverApi.subMerchantConsole.counts.prefetch(inputs.counts),
  ]);
  return (
    <ConsoleClient namespaces={['subMerchants', 'workQueue']}>
      <TrpcProvider>
        <HydrateClient>
          <div className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h1 className="text-2xl font-semibold">{t('subMerchants.title')}</h1>
              {hasRole(role, 'operator') && (
                <NewSubMerchant
                  platformId={platformId}
                  providers={providers.map((value) => ({ value, label: labels.provider(value) }))}
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
            {/* Nothing in it waits on the server (its data is prefetched above), so the HTML holds it whole; the
                boundary lets React hydrate the rows in short slices instead of one long task that blocks a phone. */}
            <Suspense>
              {/* The work queue's typed address (nuqs). Here, not in the console layout: every other page would
                  carry the adapter's ≈ 7 kB gzip, and two of them sit within 5 kB of the 250 kB budget. */}
              <NuqsAdapter>
                <WorkQueueScreen
                  platformId={platformId}
                  operatorId={session?.operator.id ?? ''}
                  canOperate={hasRole(role, 'operator')}
                  fieldLabels={Object.fromEntries(
                    formDataFieldNames.map((field) => [field, formDataFields[field].label[locale]]),
                  )}
                />
              </NuqsAdapter>
            </Suspense>
          </div>
        </HydrateClient>
      </TrpcProvider>
    </ConsoleClient>
  );
}
