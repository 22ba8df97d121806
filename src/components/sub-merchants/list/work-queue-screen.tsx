'use client';

import { keepPreviousData } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useMemo, useState, type FormEvent } from 'react';
import { workQueueViews, type WorkQueueView } from '@/domain/work-queue';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/app-router';
import { api } from '@/trpc/react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DataTable, type ColumnDef, type RowSelectionState, type SortingState } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { stateTone, statusLabels, toneVariant } from '../status-labels';
import { upstreamMessageWorthShowing } from '../upstream-message';
import {
  exportHref,
  QUEUE_PAGE_SIZE,
  queueInputs,
  queueSearch,
  readQueueLocation,
  type QueueLocation,
} from './queue-location';

type WorkQueueItem = inferRouterOutputs<AppRouter>['subMerchantConsole']['queue']['data'][number];

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
  const { t, locale, format } = useI18n();
  const labels = statusLabels(t);
  const pathname = usePathname();
  const params = useSearchParams();
  const location = readQueueLocation(Object.fromEntries(params.entries()));
  const inputs = queueInputs(platformId, location, QUEUE_PAGE_SIZE);
  const queue = api.subMerchantConsole.queue.useQuery(inputs.page, { placeholderData: keepPreviousData });
  const counts = api.subMerchantConsole.counts.useQuery(inputs.counts, { placeholderData: keepPreviousData });
  const utils = api.useUtils();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [search, setSearch] = useState(location.q);
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);

  const go = (next: Partial<QueueLocation>) => {
    setSelection({});
    // A shallow change of the address (Next.js keeps useSearchParams in step): the screen fetches the new view
    // itself instead of re-rendering the server page for every tab, sort or page.
    window.history.replaceState(null, '', `${pathname}${queueSearch({ ...location, after: [], ...next })}`);
  };
  const afterChange = async () => {
    await Promise.all([utils.subMerchantConsole.queue.invalidate(), utils.subMerchantConsole.counts.invalidate()]);
  };
  const refresh = api.subMerchantConsole.refreshSelected.useMutation({
    onSuccess: async (result) => {
      toast.success(t('workQueue.refreshed', { refreshed: result.refreshed, failed: result.failed }));
      setSelection({});
      await afterChange();
    },
  });
  const assign = api.subMerchantConsole.assign.useMutation({
    onSuccess: async (result) => {
      toast.success(t('workQueue.assigned', { count: result.assigned }));
      setSelection({});
      await afterChange();
    },
  });

  const fieldLabel = (field: string) => fieldLabels[field] ?? field;
  const columns = useMemo<ColumnDef<WorkQueueItem, unknown>[]>(
    () => [
      {
        id: 'name',
        // An accessor makes the header sortable (TanStack sorts only columns that have one); the order itself
        // comes from the server (manual sorting, the natural name key).
        accessorFn: (item) => item.name ?? '',
        header: t('workQueue.col.name'),
        meta: { cardTitle: true, className: 'min-w-44' },
        cell: ({ row }) => (
          <div className="min-w-0">
            <Link
              href={`/platforms/${platformId}/sub-merchants/${row.original.id}`}
              className="font-medium text-primary underline-offset-2 hover:underline"
            >
              {row.original.name ?? t('workQueue.unnamed')}
            </Link>
            {/* The distributor id shares the name's column: eight columns do not fit 1280 px side by side. One
                line each, a long id cut with an ellipsis and shown whole on hover (title). */}
            <div
              className="max-w-44 truncate text-xs text-muted-foreground"
              title={row.original.distributorExternalUserId}
            >
              {t('workQueue.distributorLine', { id: row.original.distributorExternalUserId ?? t('workQueue.nobody') })}
            </div>
            <div className="max-w-44 truncate font-mono text-xs text-muted-foreground">{row.original.id}</div>
          </div>
        ),
      },
      {
        id: 'provider',
        header: t('workQueue.col.provider'),
        enableSorting: false,
        cell: ({ row }) => labels.provider(row.original.provider),
      },
      {
        id: 'state',
        accessorFn: (item) => item.chApplymentState ?? '',
        header: t('workQueue.col.state'),
        meta: { className: 'min-w-32' },
        cell: ({ row }) => {
          const item = row.original;
          const label = item.status === 'suspended' ? labels.status('suspended') : labels.state(item.chApplymentState);
          const message = upstreamMessageWorthShowing(item.chApplymentStateMsg, label, locale);
          return (
            <div className="flex flex-col gap-1">
              <Badge
                variant={item.status === 'suspended' ? 'destructive' : toneVariant[stateTone(item.chApplymentState)]}
              >
                {label}
              </Badge>
              {message && (
                <span className="block max-w-60 text-xs text-muted-foreground">
                  {t('workQueue.upstreamSays', { message })}
                </span>
              )}
            </div>
          );
        },
      },
      {
        id: 'todo',
        header: t('workQueue.col.todo'),
        enableSorting: false,
        meta: { className: 'min-w-32 text-xs' },
        cell: ({ row }) => {
          const { missing, rejection } = row.original;
          if (rejection?.first) {
            return rejection.count > 1
              ? t('workQueue.rejectedMore', { reason: rejection.first.reason, more: rejection.count - 1 })
              : t('workQueue.rejected', { reason: rejection.first.reason });
          }
          if (missing) {
            return missing.count === 0
              ? t('workQueue.complete')
              : t('workQueue.missing', {
                  count: missing.count,
                  fields: missing.first.map(fieldLabel).join(locale === 'zh-CN' ? '、' : ', '),
                });
          }
          return t('workQueue.nobody');
        },
      },
      {
        id: 'assignee',
        header: t('workQueue.col.assignee'),
        enableSorting: false,
        // An e-mail as a name is one word: one line, cut with an ellipsis, whole on hover (title).
        cell: ({ row }) => {
          const assignee = row.original.assignee?.name ?? t('workQueue.nobody');
          return (
            <span data-testid="assignee" className="block max-w-28 truncate" title={assignee}>
              {assignee}
            </span>
          );
        },
      },
      {
        id: 'updated',
        accessorFn: (item) => item.updatedAt,
        // Newest first is the default; the first click on the header turns it to oldest first.
        sortDescFirst: true,
        header: t('workQueue.col.updated'),
        meta: { className: 'min-w-24' },
        cell: ({ row }) => (
          <time dateTime={row.original.updatedAt}>{format.dateTimeWithZone(row.original.updatedAt)}</time>
        ),
      },
    ],
    [t, locale, format, platformId],
  );

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

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ q: search.trim() });
  };

  const page = queue.data;
  const selectedItems = (page?.data ?? []).filter((item) => selection[item.id]);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <form role="search" onSubmit={onSearch} className="flex min-w-0 flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
          <Label htmlFor="queue-search">{t('workQueue.searchLabel')}</Label>
          <Input
            id="queue-search"
            type="search"
            value={search}
            maxLength={128}
            placeholder={t('workQueue.searchPlaceholder')}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Button type="submit">{t('workQueue.search')}</Button>
        <div className="flex h-9 items-center gap-2">
          <Checkbox id="queue-mine" checked={location.mine} onCheckedChange={(value) => go({ mine: value === true })} />
          <Label htmlFor="queue-mine">{t('workQueue.assignedToMe')}</Label>
        </div>
        <Button asChild variant="outline">
          <a href={exportHref(platformId, location)} download>
            {t('workQueue.exportView')}
          </a>
        </Button>
      </form>

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
            <div
              role="region"
              aria-label={t('workQueue.bulk')}
              className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 p-2"
            >
              <span className="text-sm font-medium">{t('workQueue.selected', { count: selectedIds.length })}</span>
              <Button
                size="sm"
                disabled={refresh.isPending}
                onClick={() => refresh.mutate({ platformId, ids: selectedIds })}
              >
                {t('workQueue.refreshSelected')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={assign.isPending}
                onClick={() => assign.mutate({ platformId, ids: selectedIds, operatorId })}
              >
                {t('workQueue.assignToMe')}
              </Button>
              {selectedItems.some((item) => item.assignee) && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={assign.isPending}
                  onClick={() => assign.mutate({ platformId, ids: selectedIds, operatorId: null })}
                >
                  {t('workQueue.unassign')}
                </Button>
              )}
              <Button asChild size="sm" variant="outline">
                <a href={exportHref(platformId, location, selectedIds)} download>
                  {t('workQueue.exportSelected')}
                </a>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelection({})}>
                {t('workQueue.clearSelection')}
              </Button>
            </div>
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
          <nav aria-label={t('subMerchants.list.pages')} className="flex flex-wrap gap-2">
            {location.after.length > 0 && (
              <>
                <Button variant="outline" size="sm" onClick={() => go({ after: [] })}>
                  {t('workQueue.first')}
                </Button>
                <Button variant="outline" size="sm" onClick={() => go({ after: location.after.slice(0, -1) })}>
                  {t('workQueue.previous')}
                </Button>
              </>
            )}
            {page?.hasMore && page.nextCursor && (
              <Button variant="outline" size="sm" onClick={() => go({ after: [...location.after, page.nextCursor!] })}>
                {t('workQueue.next')}
              </Button>
            )}
          </nav>
        </TabsContent>
      </Tabs>
    </div>
  );
}
