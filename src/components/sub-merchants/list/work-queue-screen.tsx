'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { useQueryStates } from 'nuqs';
import { useState } from 'react';
import { workQueueViews, type WorkQueueView } from '@/domain/work-queue';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { api } from '@/trpc/react';
import { DataTable, type RowSelectionState, type SortingState } from '@/components/ui/data-table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { QUEUE_PAGE_SIZE, queueInputs, queueParsers, queueUrlKeys, type QueueLocation } from './queue-location';
import { useWorkQueueColumns, type WorkQueueItem } from './work-queue-columns';
import { WorkQueuePager } from './work-queue-pager';
import { WorkQueueBulkActions, WorkQueueToolbar } from './work-queue-toolbar';

const tabKeys: Record<WorkQueueView, MessageKey> = {
  action: 'workQueue.tab.action',
  merchant: 'workQueue.tab.merchant',
  review: 'workQueue.tab.review',
  active: 'workQueue.tab.active',
  suspended: 'workQueue.tab.suspended',
  all: 'workQueue.tab.all',
};

/**
 * The sub-merchant list as the operator's work queue: tabs with counts (what needs me, what waits on the
 * merchant, what the upstream reviews, what is live, all), one search box, sortable columns, keyset pages, and
 * bulk actions on a selection. Everything about the view is in the address, so a view can be shared and the
 * server renders the same first page the browser shows (prefetched, then hydrated).
 */
export function WorkQueueScreen({
  platformId,
  operatorId,
  canOperate,
  fieldLabels,
}: {
  platformId: string;
  operatorId: string;
  canOperate: boolean;
  /** formData field labels in the operator's language, from the server (the catalogue stays out of the bundle). */
  fieldLabels: Record<string, string>;
}) {
  const { t, format } = useI18n();
  // The view is the address (nuqs): a shallow replace, so the screen fetches the new view itself instead of
  // re-rendering the server page for every tab, sort or page.
  const [address, setAddress] = useQueryStates(queueParsers, { urlKeys: queueUrlKeys, history: 'replace' });
  const location: QueueLocation = { ...address, direction: address.direction ?? undefined };
  const inputs = queueInputs(platformId, location, QUEUE_PAGE_SIZE);
  const queue = api.subMerchantConsole.queue.useQuery(inputs.page, { placeholderData: keepPreviousData });
  const counts = api.subMerchantConsole.counts.useQuery(inputs.counts, { placeholderData: keepPreviousData });
  const utils = api.useUtils();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);

  /** Another view: a new tab, search, filter or sort starts again at the first page; `after` moves between pages. */
  const go = (next: Partial<QueueLocation>) => {
    setSelection({});
    const { direction, ...rest } = { ...location, after: [], ...next };
    void setAddress({ ...rest, direction: direction ?? null });
  };
  const afterChange = async () => {
    await Promise.all([utils.subMerchantConsole.queue.invalidate(), utils.subMerchantConsole.counts.invalidate()]);
  };
  const columns = useWorkQueueColumns(platformId, fieldLabels);

  const sorting: SortingState = [
    {
      id: location.sort,
      desc: (location.direction ?? (location.sort === 'updated' ? 'desc' : 'asc')) === 'desc',
    },
  ];
  const onSortingChange = (updater: SortingState | ((old: SortingState) => SortingState)) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    if (!first) return go({ sort: 'updated', direction: undefined });
    const sort = first.id === 'name' || first.id === 'state' ? first.id : 'updated';
    go({ sort, direction: first.desc ? 'desc' : 'asc' });
  };

  const page = queue.data;
  const selectedItems = (page?.data ?? []).filter((item) => selection[item.id]);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <WorkQueueToolbar
        platformId={platformId}
        location={location}
        onSearch={(q) => go({ q })}
        onMine={(mine) => go({ mine })}
        onSeller={(seller) => go({ seller })}
      />

      <Tabs value={location.tab} onValueChange={(value) => go({ tab: value as WorkQueueView })}>
        <TabsList aria-label={t('workQueue.tabs')} className="flex h-auto w-full flex-wrap justify-start">
          {workQueueViews.map((view) => (
            <TabsTrigger key={view} value={view}>
              {t('workQueue.tabWithCount', {
                label: t(tabKeys[view]),
                count: counts.data ? format.number(counts.data[view]) : '…',
              })}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={location.tab} className="flex min-w-0 flex-col gap-3 pt-3">
          {canOperate && selectedIds.length > 0 && (
            <WorkQueueBulkActions
              platformId={platformId}
              operatorId={operatorId}
              location={location}
              selectedIds={selectedIds}
              selectedItems={selectedItems}
              onDone={async () => {
                setSelection({});
                await afterChange();
              }}
              onClear={() => setSelection({})}
            />
          )}
          {queue.isError && !page ? (
            <p role="alert" className="text-sm text-destructive">
              {t('workQueue.loadFailed')}
            </p>
          ) : (
            <DataTable
              label={t(tabKeys[location.tab])}
              columns={columns}
              data={page?.data ?? []}
              getRowId={(item) => item.id}
              emptyText={
                !page && queue.isFetching
                  ? t('common.loading')
                  : location.q
                    ? t('workQueue.emptySearch')
                    : t('workQueue.empty')
              }
              sorting={{ state: sorting, onChange: onSortingChange, manual: true }}
              {...(canOperate && {
                selection: {
                  state: selection,
                  onChange: setSelection,
                  rowLabel: (item: WorkQueueItem) => t('workQueue.selectRow', { name: item.name ?? item.id }),
                },
              })}
            />
          )}
          <WorkQueuePager
            after={location.after}
            nextCursor={page?.hasMore ? page.nextCursor : null}
            onGo={(after) => go({ after })}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
