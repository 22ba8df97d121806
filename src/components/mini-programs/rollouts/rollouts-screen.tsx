'use client';

import Link from 'next/link';
import { useMembership } from '@/components/membership';
import { Badge } from '@/components/ui/badge';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { ErrorMessage } from '@/components/ui/error-message';
import { providers, type Provider } from '@/domain/providers';
import { useI18n } from '@/i18n/i18n-provider';
import { api, type RouterOutputs } from '@/trpc/react';
import { providerLabel } from '../provider-label';
import { rolloutPath, rolloutsPath } from './rollout-paths';
import { rolloutStateLabel, rolloutStateVariant } from './rollout-progress';
import { RolloutStartForm } from './rollout-start-form';

type Rollout = RouterOutputs['miniProgramRollouts']['list']['data'][number];

/** How often the list is read again while one of its rollouts is running. */
const RUNNING_POLL_MS = 5_000;

/** The rollouts of one provider (版本发布): start one (admins), and the list, newest first. */
export function RolloutsScreen({ platform }: { platform: Provider }) {
  const { t, format } = useI18n();
  const { platformId, can } = useMembership();
  const list = api.miniProgramRollouts.list.useQuery(
    { platformId, platform },
    {
      refetchInterval: (query) => (query.state.data?.data.some((r) => r.state === 'running') ? RUNNING_POLL_MS : false),
    },
  );
  const rows = list.data?.data ?? [];
  const columns: ColumnDef<Rollout, unknown>[] = [
    {
      id: 'rollout',
      header: t('rollouts.col.rollout'),
      cell: ({ row: { original: r } }) => (
        <Link href={rolloutPath(platformId, platform, r.id)}>
          <code>{r.id}</code>
        </Link>
      ),
      meta: { cardTitle: true, rowHeader: true },
    },
    {
      id: 'state',
      header: t('rollouts.col.state'),
      cell: ({ row }) => (
        <Badge variant={rolloutStateVariant[row.original.state]}>{t(rolloutStateLabel(row.original.state))}</Badge>
      ),
    },
    {
      id: 'version',
      header: t('rollouts.col.version'),
      cell: ({ row: { original: r } }) => [r.templateId, r.userVersion, r.userDesc].filter(Boolean).join(' · '),
    },
    { id: 'total', header: t('rollouts.col.total'), cell: ({ row }) => format.number(row.original.total) },
    { id: 'created', header: t('rollouts.col.created'), cell: ({ row }) => format.dateTime(row.original.createdAt) },
  ];
  return (
    <>
      <p>
        <Link href={`/platforms/${platformId}/mini-programs`}>← {t('miniPrograms.pipeline.back')}</Link>
      </p>
      <h1>{t('rollouts.title')}</h1>
      <p className="text-muted-foreground">{t('rollouts.intro')}</p>
      <nav aria-label={t('rollouts.providers')} className="mb-4 flex gap-2">
        {providers.map((p) => (
          <Link
            key={p}
            href={rolloutsPath(platformId, p)}
            aria-current={p === platform ? 'page' : undefined}
            className="rounded-md border px-3 py-1.5 text-sm no-underline aria-[current=page]:border-primary aria-[current=page]:bg-accent aria-[current=page]:font-semibold"
          >
            {t(providerLabel(p))}
          </Link>
        ))}
      </nav>
      {can('admin') ? (
        <RolloutStartForm key={platform} platform={platform} />
      ) : (
        <p className="text-muted-foreground">{t('rollouts.start.adminNote')}</p>
      )}
      <section aria-labelledby="rollouts-heading">
        <h2 id="rollouts-heading">{t('rollouts.list.heading')}</h2>
        {list.isLoading && <p>{t('common.loading')}</p>}
        <ErrorMessage error={list.error} />
        {list.data && (
          <DataTable
            label={t('rollouts.list.heading')}
            data={rows}
            getRowId={(r) => r.id}
            rowTestId={(r) => `rollout-${r.id}`}
            emptyText={t('rollouts.list.empty')}
            columns={columns}
          />
        )}
      </section>
    </>
  );
}
