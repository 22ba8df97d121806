'use client';

import Link from 'next/link';
import { useCallback, useMemo } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import { useI18n } from '@/i18n/i18n-provider';
import type { AppRouter } from '@/server/trpc/app-router';
import { Badge } from '@/components/ui/badge';
import type { ColumnDef } from '@/components/ui/data-table';
import { stateTone, statusLabels, toneVariant } from '../status-labels';
import { upstreamMessageWorthShowing } from '../upstream-message';

export type WorkQueueItem = inferRouterOutputs<AppRouter>['subMerchantConsole']['queue']['data'][number];

/**
 * The work queue's columns: name (with distributor id and record id), provider, state with the upstream's words,
 * what is to do, assignee, last change. Name, state and last change sort on the server (manual sorting).
 */
export function useWorkQueueColumns(platformId: string, fieldLabels: Record<string, string>) {
  const { t, locale, format } = useI18n();
  const labels = useMemo(() => statusLabels(t), [t]);
  const fieldLabel = useCallback((field: string) => fieldLabels[field] ?? field, [fieldLabels]);
  return useMemo<ColumnDef<WorkQueueItem, unknown>[]>(
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
          const message = upstreamMessageWorthShowing(
            item.chApplymentStateMsg,
            label,
            locale,
            item.rejection?.count ?? 0,
          );
          return (
            <div className="flex flex-col gap-1">
              <Badge
                variant={item.status === 'suspended' ? 'destructive' : toneVariant[stateTone(item.chApplymentState)]}
              >
                {label}
              </Badge>
              {item.reviewRequestedAt && (
                <Badge variant="warning" data-testid="seller-submitted">
                  {t('workQueue.sellerSubmittedBadge')}
                </Badge>
              )}
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
            // The field by its label (商户简称), never the upstream's or our own key.
            const { field, reason: text } = rejection.first;
            const reason = field ? t('workQueue.rejectedField', { field: fieldLabel(field), reason: text }) : text;
            return rejection.count > 1
              ? t('workQueue.rejectedMore', { reason, more: rejection.count - 1 })
              : t('workQueue.rejected', { reason });
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
    [t, locale, format, platformId, labels, fieldLabel],
  );
}
