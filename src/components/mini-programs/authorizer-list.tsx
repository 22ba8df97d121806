'use client';

import Link from 'next/link';
import { useI18n } from '@/i18n/i18n-provider';
import { useMembership } from '@/components/membership';
import { Badge } from '@/components/ui/badge';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { api, type RouterOutputs } from '@/trpc/react';

type Authorizer = RouterOutputs['miniPrograms']['authorizers']['data'][number];
import { providerLabel } from './provider-label';
import { ErrorMessage } from '@/components/ui/error-message';

/** How often the list asks again while a seller link is out (a seller's authorization shows up without a reload). */
const PENDING_POLL_MS = 2_000;

/**
 * The platform's mini programs; each row leads to its pipeline. Until `pollUntil` (a seller link's expiry, ms) the
 * list is re-read every few seconds and whenever the window regains focus.
 */
export function AuthorizerList({ pollUntil = 0 }: { pollUntil?: number }) {
  const { t, format } = useI18n();
  const { platformId } = useMembership();
  const list = api.miniPrograms.authorizers.useQuery(
    { platformId },
    {
      refetchInterval: () => (Date.now() < pollUntil ? PENDING_POLL_MS : false),
      refetchOnWindowFocus: () => (Date.now() < pollUntil ? 'always' : true),
    },
  );
  const rows = list.data?.data ?? [];
  const columns: ColumnDef<Authorizer, unknown>[] = [
    {
      id: 'name',
      header: t('miniPrograms.list.col.name'),
      cell: ({ row: { original: a } }) => (
        <Link href={`/platforms/${platformId}/mini-programs/${encodeURIComponent(a.appId)}?platform=${a.platform}`}>
          {a.nickname ?? a.appId}
        </Link>
      ),
      meta: { cardTitle: true },
    },
    { id: 'appId', header: t('miniPrograms.list.col.appId'), cell: ({ row }) => <code>{row.original.appId}</code> },
    {
      id: 'provider',
      header: t('miniPrograms.list.col.provider'),
      cell: ({ row }) => t(providerLabel(row.original.platform)),
    },
    {
      id: 'seller',
      header: t('miniPrograms.list.col.seller'),
      cell: ({ row }) =>
        row.original.tenantId ?? <span className="text-muted-foreground">{t('miniPrograms.list.noSeller')}</span>,
    },
    {
      id: 'status',
      header: t('miniPrograms.list.col.status'),
      cell: ({ row }) =>
        row.original.status === 'authorized' ? (
          <Badge variant="success">{t('miniPrograms.status.authorized')}</Badge>
        ) : (
          <Badge variant="warning">{t('miniPrograms.status.unauthorized')}</Badge>
        ),
    },
    {
      id: 'authorizedAt',
      header: t('miniPrograms.list.col.authorizedAt'),
      cell: ({ row }) => format.dateTime(row.original.authorizedAt),
    },
  ];
  return (
    <section aria-labelledby="authorizers-heading">
      <h2 id="authorizers-heading">{t('miniPrograms.list.heading')}</h2>
      {list.isLoading && <p>{t('common.loading')}</p>}
      <ErrorMessage error={list.error} />
      {list.data && rows.length === 0 && (
        <div className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0">
          <p>{t('miniPrograms.list.empty')}</p>
          <p className="text-muted-foreground">{t('miniPrograms.list.emptyHint')}</p>
        </div>
      )}
      {rows.length > 0 && (
        <DataTable
          label={t('miniPrograms.list.heading')}
          data={rows}
          getRowId={(a) => `${a.platform}:${a.appId}`}
          emptyText={t('miniPrograms.list.empty')}
          columns={columns}
        />
      )}
    </section>
  );
}
