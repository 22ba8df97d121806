'use client';

import dynamic from 'next/dynamic';
import { Badge } from '@/components/ui/badge';
import Link from 'next/link';
import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { api, type RouterOutputs } from '@/trpc/react';
import { problemText } from '@/components/ui/error-message';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

// Opened by "Reject…" only: the form (and the form library) loads then, not with the sandbox page.
const SandboxRejectForm = dynamic(() => import('./sandbox-reject-form').then((m) => m.SandboxRejectForm));

const moves = ['auditing', 'to_be_confirmed', 'to_be_signed', 'finished'] as const;
type Move = (typeof moves)[number] | 'rejected';
type Applyment = RouterOutputs['sandbox']['applyments']['data'][number];
const keyOf = (a: Applyment) => `${a.provider}-${a.applymentId}`;
const stateKey = (state: string) => `settings.state.${state}` as MessageKey;
// Alipay opens a new order per review round: a decided order does not move any more (the sandbox says 409).
const settled = (a: { provider: string; state: string }) =>
  a.provider === 'providerB' && ['finished', 'rejected', 'canceled'].includes(a.state);

/** The sandbox upstream's applications of this platform, with the reviewer's and the merchant's moves. */
export function SandboxApplymentsPanel({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  // Searched and paged on the server: a seeded platform's sandbox holds tens of thousands of applications.
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ q: '', page: 0 });
  const list = api.sandbox.applyments.useQuery(
    { platformId, page: query.page, ...(query.q ? { q: query.q } : {}) },
    { refetchInterval: 5_000, placeholderData: (previous) => previous },
  );
  const [rejecting, setRejecting] = useState<string | null>(null);
  const move = api.sandbox.moveApplyment.useMutation({
    onSuccess: () => {
      setRejecting(null);
      void utils.sandbox.applyments.invalidate();
      void utils.subMerchants.invalidate();
    },
  });
  const send = (
    a: { provider: 'providerA' | 'providerB'; applymentId: string },
    state: Move,
    rejectReasons?: { field: string; reason: string }[],
  ) =>
    move.mutate({
      platformId,
      provider: a.provider,
      applymentId: a.applymentId,
      state,
      ...(rejectReasons ? { rejectReasons } : {}),
    });
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (list.data?.pageSize ?? 25)));
  const columns: ColumnDef<Applyment, unknown>[] = [
    {
      id: 'record',
      header: t('settings.sandbox.record'),
      cell: ({ row }) => {
        const a = row.original;
        return (
          <>
            {/* The integrator's own id for the seller: code, in whatever script it was chosen. */}
            <Link href={`/platforms/${platformId}/sub-merchants/${a.subMerchantId}`}>
              <code>{a.distributorExternalUserId ?? a.subMerchantId}</code>
            </Link>
            <br />
            <small className="text-muted-foreground">
              <code>{a.applymentId}</code> · {format.dateTime(a.updatedAt)}
            </small>
          </>
        );
      },
      meta: { cardTitle: true },
    },
    {
      id: 'provider',
      header: t('settings.col.provider'),
      cell: ({ row }) => t(`settings.paymentsProvider.${row.original.provider}`),
    },
    {
      id: 'state',
      header: t('settings.sandbox.state'),
      cell: ({ row }) => {
        const a = row.original;
        return (
          <>
            <Badge
              data-testid="applyment-state"
              variant={a.state === 'finished' ? 'success' : a.state === 'rejected' ? 'default' : 'warning'}
            >
              {t(stateKey(a.state))}
            </Badge>
            {a.subMchid && (
              <small className="mt-1 block text-sm">
                {t('settings.sandbox.subMchid')}: <code>{a.subMchid}</code>
              </small>
            )}
            {a.rejectReasons.map((r, i) => (
              <small key={i} className="mt-1 block text-sm text-destructive">
                {/* The sandbox plays the upstream: the field by the upstream's own name, as code. */}
                {r.field ? (
                  <>
                    <code>{r.field}</code>
                    {t('settings.sandbox.reasonSeparator')}
                  </>
                ) : null}
                {r.reason}
              </small>
            ))}
          </>
        );
      },
    },
    {
      id: 'moveTo',
      header: t('settings.sandbox.moveTo'),
      cell: ({ row }) => {
        const a = row.original;
        const key = keyOf(a);
        return (
          <div
            className="flex flex-wrap gap-2"
            role="group"
            aria-label={t('settings.sandbox.movesFor', { record: a.distributorExternalUserId ?? a.subMerchantId })}
          >
            {moves.map((state) => (
              <Button
                variant="secondary"
                key={state}
                type="button"
                disabled={move.isPending || a.state === state || settled(a)}
                onClick={() => send(a, state)}
              >
                {t(stateKey(state))}
              </Button>
            ))}
            <Button
              variant="dangerOutline"
              type="button"
              disabled={move.isPending || settled(a)}
              aria-expanded={rejecting === key}
              onClick={() => setRejecting(rejecting === key ? null : key)}
            >
              {t('settings.sandbox.reject')}
            </Button>
          </div>
        );
      },
    },
  ];
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="sandbox-applyments-heading"
    >
      <h2 id="sandbox-applyments-heading">{t('settings.sandbox.applyments')}</h2>
      <p className="text-muted-foreground">{t('settings.sandbox.applymentsIntro')}</p>
      {(list.error || move.error) && (
        <p role="alert" className="text-destructive">
          {problemText(t, list.error ?? move.error)}
        </p>
      )}
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ q: typed.trim(), page: 0 });
        }}
      >
        <label className="grid gap-1 text-sm">
          {t('settings.sandbox.search')}
          <Input
            type="search"
            value={typed}
            maxLength={100}
            placeholder={t('settings.sandbox.searchHint')}
            onChange={(event) => setTyped(event.target.value)}
            className="w-72 max-w-full"
          />
        </label>
        <Button type="submit" variant="secondary">
          {t('settings.sandbox.searchSubmit')}
        </Button>
      </form>
      {list.data && rows.length === 0 && (
        <p>{query.q ? t('settings.sandbox.noMatches', { q: query.q }) : t('settings.sandbox.noApplyments')}</p>
      )}
      {rows.length > 0 && (
        <DataTable
          label={t('settings.sandbox.applyments')}
          labelledBy="sandbox-applyments-heading"
          columns={columns}
          data={rows}
          getRowId={keyOf}
          rowTestId={(a) => `applyment-${a.subMerchantId}`}
          expanded={(a) =>
            rejecting === keyOf(a) && (
              <SandboxRejectForm
                of="applyment"
                busy={move.isPending}
                onCancel={() => setRejecting(null)}
                // The applyment schema requires both, so the form only submits with them.
                onReject={({ field, reason }) => send(a, 'rejected', [{ field: field!, reason: reason! }])}
              />
            )
          }
          emptyText={t('settings.sandbox.noApplyments')}
        />
      )}
      {total > 0 && (
        <nav aria-label={t('settings.sandbox.pages')} className="flex flex-wrap items-center gap-2 text-sm">
          <Button
            type="button"
            variant="secondary"
            disabled={query.page === 0}
            onClick={() => setQuery((current) => ({ ...current, page: current.page - 1 }))}
          >
            {t('settings.sandbox.previous')}
          </Button>
          <span data-testid="sandbox-page">
            {t('settings.sandbox.pageOf', { page: query.page + 1, pages, total: format.number(total) })}
          </span>
          <Button
            type="button"
            variant="secondary"
            disabled={query.page + 1 >= pages}
            onClick={() => setQuery((current) => ({ ...current, page: current.page + 1 }))}
          >
            {t('settings.sandbox.next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
