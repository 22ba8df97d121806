'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useMembership } from '@/components/membership';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { ErrorMessage, problemText } from '@/components/ui/error-message';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toast';
import type { Provider } from '@/domain/providers';
import { useI18n } from '@/i18n/i18n-provider';
import { api, type RouterOutputs } from '@/trpc/react';
import { providerLabel } from '../provider-label';
import {
  doneUpstreamOf,
  ITEM_STATES,
  itemStateLabel,
  itemStateVariant,
  rolloutStateLabel,
  rolloutStateVariant,
  stepLabel,
  stepProgress,
  type ItemState,
} from './rollout-progress';
import { rolloutsPath } from './rollout-paths';

type Item = RouterOutputs['miniProgramRollouts']['get']['items'][number];

/** How often a running rollout is read again. */
const RUNNING_POLL_MS = 2_000;
const PAGE_SIZE = 20;

/**
 * One rollout, live: progress per step, counts per state, its mini programs (filtered by state, a page at a time)
 * with step, state and the upstream's reason, and the actions the role allows: pause and cancel (operators),
 * resume and retry the failed ones (admins). Re-read every few seconds while it runs.
 */
export function RolloutScreen({ platform, rolloutId }: { platform: Provider; rolloutId: string }) {
  const { t, format } = useI18n();
  const { platformId, can } = useMembership();
  const [state, setState] = useState<ItemState | ''>('');
  const [offset, setOffset] = useState(0);
  const target = { platformId, platform, rolloutId };
  const rollout = api.miniProgramRollouts.get.useQuery(
    { ...target, limit: PAGE_SIZE, offset, ...(state ? { state } : {}) },
    {
      refetchInterval: (query) => (query.state.data?.state === 'running' ? RUNNING_POLL_MS : false),
      placeholderData: (previous) => previous,
    },
  );
  const utils = api.useUtils();
  const refresh = () => void utils.miniProgramRollouts.invalidate();
  const pause = api.miniProgramRollouts.pause.useMutation({ onSuccess: refresh });
  const resume = api.miniProgramRollouts.resume.useMutation({ onSuccess: refresh });
  const cancel = api.miniProgramRollouts.cancel.useMutation({ onSuccess: refresh });
  const retry = api.miniProgramRollouts.retryFailed.useMutation({ onSuccess: refresh });
  const r = rollout.data;
  const back = (
    <p>
      <Link href={rolloutsPath(platformId, platform)}>← {t('rollouts.back')}</Link>
    </p>
  );
  if (!r)
    return (
      <>
        {back}
        <h1>{t('rollouts.view.summary')}</h1>
        {rollout.isLoading && <p>{t('common.loading')}</p>}
        <ErrorMessage error={rollout.error} />
      </>
    );

  const { byStep, byState } = r.counts;
  const done = doneUpstreamOf(byStep, r.policy);
  const shownTotal = state ? (byState[state] ?? 0) : r.total;
  const failed = byState.failed ?? 0;
  const active = r.state === 'running' || r.state === 'paused';
  const actionError = [pause, resume, retry].find((m) => m.error)?.error ?? null;
  const columns: ColumnDef<Item, unknown>[] = [
    {
      id: 'appId',
      header: t('rollouts.view.col.appId'),
      cell: ({ row }) => (
        <Link
          href={`/platforms/${platformId}/mini-programs/${encodeURIComponent(row.original.authorizerAppId)}?platform=${platform}`}
        >
          <code>{row.original.authorizerAppId}</code>
        </Link>
      ),
      meta: { cardTitle: true, rowHeader: true },
    },
    { id: 'step', header: t('rollouts.view.col.step'), cell: ({ row }) => t(stepLabel(row.original.step)) },
    {
      id: 'state',
      header: t('rollouts.view.col.state'),
      cell: ({ row }) => (
        <Badge variant={itemStateVariant[row.original.state]}>{t(itemStateLabel(row.original.state))}</Badge>
      ),
    },
    {
      id: 'reason',
      header: t('rollouts.view.col.reason'),
      // The upstream's own words (WeChat's reviewers write Chinese, its errors English).
      cell: ({ row }) => row.original.reason ?? '',
      meta: { className: 'max-w-md break-words' },
    },
    {
      id: 'audit',
      header: t('rollouts.view.col.audit'),
      cell: ({ row }) => (row.original.auditId ? <code>{row.original.auditId}</code> : ''),
    },
    {
      id: 'updated',
      header: t('rollouts.view.col.updated'),
      cell: ({ row }) => format.dateTime(row.original.updatedAt),
    },
  ];

  return (
    <>
      {back}
      <h1>{t('rollouts.view.heading', { version: r.userVersion })}</h1>
      <section
        className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
        aria-label={t('rollouts.view.summary')}
      >
        <dl className="m-0 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 [&_dd]:m-0 [&_dd]:break-all [&_dt]:text-muted-foreground">
          <dt>{t('rollouts.col.rollout')}</dt>
          <dd>
            <code>{r.id}</code>
          </dd>
          <dt>{t('rollouts.col.state')}</dt>
          <dd>
            <Badge variant={rolloutStateVariant[r.state]} data-testid="rollout-state">
              {t(rolloutStateLabel(r.state))}
            </Badge>
          </dd>
          <dt>{t('rollouts.providers')}</dt>
          <dd>{t(providerLabel(r.platform))}</dd>
          <dt>{t('rollouts.view.template')}</dt>
          <dd>{[r.templateId, r.templateVersion].filter(Boolean).join(' · ')}</dd>
          {r.userDesc && (
            <>
              <dt>{t('rollouts.view.description')}</dt>
              <dd>{r.userDesc}</dd>
            </>
          )}
          <dt>{t('rollouts.view.policy')}</dt>
          <dd>
            {[
              t(`rollouts.start.mode.${r.policy.mode}`),
              r.policy.mode === 'submit_audit' && t(`rollouts.start.release.${r.policy.release}`),
              `${t('rollouts.start.concurrency')}: ${r.policy.concurrency}`,
              r.policy.grayPercentage !== undefined && t('rollouts.view.gray', { percent: r.policy.grayPercentage }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </dd>
          {r.itemList.length > 0 && (
            <>
              <dt>{t('miniPrograms.audit.pages')}</dt>
              <dd data-testid="rollout-pages">
                {r.itemList.map((page) => [page.address, page.title, page.tag].filter(Boolean).join(' · ')).join('; ')}
              </dd>
            </>
          )}
          <dt>{t('rollouts.view.created')}</dt>
          <dd>{format.dateTime(r.createdAt)}</dd>
          {r.completedAt && (
            <>
              <dt>{t('rollouts.view.completed')}</dt>
              <dd>{format.dateTime(r.completedAt)}</dd>
            </>
          )}
        </dl>
        {can('operator') && active && (
          <div className="flex flex-wrap gap-2">
            {r.state === 'running' && (
              <Button
                variant="outline"
                disabled={pause.isPending}
                onClick={() =>
                  pause.mutateAsync(target).then(
                    () => toast.success(t('rollouts.action.paused')),
                    () => undefined,
                  )
                }
              >
                {t('rollouts.action.pause')}
              </Button>
            )}
            {r.state === 'paused' && can('admin') && (
              <Button
                disabled={resume.isPending}
                onClick={() =>
                  resume.mutateAsync(target).then(
                    () => toast.success(t('rollouts.action.resumed')),
                    () => undefined,
                  )
                }
              >
                {t('rollouts.action.resume')}
              </Button>
            )}
            <ConfirmDialog
              trigger={
                <Button variant="dangerOutline" disabled={cancel.isPending}>
                  {t('rollouts.action.cancel')}
                </Button>
              }
              title={t('rollouts.cancel.title', { version: r.userVersion })}
              description={t('rollouts.cancel.body', done)}
              confirmLabel={t('rollouts.cancel.confirm')}
              destructive
              error={cancel.error ? problemText(t, cancel.error) : undefined}
              onOpenChange={(open) => open && cancel.reset()}
              onConfirm={async () => {
                const answer = await cancel.mutateAsync(target);
                toast.success(
                  t('rollouts.cancel.done', {
                    committed: answer.doneUpstream.committed,
                    submitted: answer.doneUpstream.submittedForAudit,
                    released: answer.doneUpstream.released,
                  }),
                );
              }}
            />
          </div>
        )}
        {can('admin') && failed > 0 && r.state !== 'cancelled' && (
          <div>
            <Button
              variant="secondary"
              disabled={retry.isPending}
              onClick={() =>
                retry.mutateAsync(target).then(
                  (answer) => toast.success(t('rollouts.action.retried', { count: answer.retried })),
                  () => undefined,
                )
              }
            >
              {t('rollouts.action.retry', { count: failed })}
            </Button>
          </div>
        )}
        <ErrorMessage error={actionError} />
        {!can('operator') && <p className="m-0 text-sm text-muted-foreground">{t('rollouts.view.viewerNote')}</p>}
      </section>

      <section aria-labelledby="progress-heading" className="mb-4 grid gap-2">
        <h2 id="progress-heading">{t('rollouts.view.progress')}</h2>
        {r.state === 'running' && <p className="m-0 text-sm text-muted-foreground">{t('rollouts.view.refreshing')}</p>}
        <ol className="m-0 grid list-none gap-2 p-0" data-testid="rollout-progress">
          {stepProgress(byStep, r.policy).map((p) => (
            <li key={p.step} className="grid gap-1" data-testid={`progress-${p.step}`}>
              <div className="flex justify-between gap-2 text-sm">
                <span id={`progress-${p.step}-label`}>{t(stepLabel(p.step))}</span>
                <span className="tabular-nums">{t('rollouts.view.stepCount', { done: p.done, total: r.total })}</span>
              </div>
              <div
                role="progressbar"
                aria-labelledby={`progress-${p.step}-label`}
                aria-valuemin={0}
                aria-valuemax={r.total}
                aria-valuenow={p.done}
                className="h-2 overflow-hidden rounded-full bg-secondary"
              >
                <div
                  className="h-full rounded-full bg-primary transition-[width]"
                  style={{ width: `${r.total ? (100 * p.done) / r.total : 0}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
        <h3 className="m-0 mt-2 text-sm">{t('rollouts.view.states')}</h3>
        <ul className="m-0 flex list-none flex-wrap gap-2 p-0" data-testid="rollout-state-counts">
          {ITEM_STATES.filter((s) => byState[s]).map((s) => (
            <li key={s}>
              <Badge variant={itemStateVariant[s]}>
                {t(itemStateLabel(s))} {byState[s]}
              </Badge>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="items-heading" className="grid gap-2">
        <h2 id="items-heading">{t('rollouts.view.items')}</h2>
        <div className="grid gap-1.5 md:max-w-xs">
          <Label htmlFor="rollout-state-filter">{t('rollouts.view.filter')}</Label>
          <NativeSelect
            id="rollout-state-filter"
            value={state}
            onChange={(e) => {
              setState(e.target.value as ItemState | '');
              setOffset(0);
            }}
          >
            <option value="">{t('rollouts.view.filterAll', { count: r.total })}</option>
            {ITEM_STATES.map((s) => (
              <option key={s} value={s}>
                {t('rollouts.view.filterState', { state: t(itemStateLabel(s)), count: byState[s] ?? 0 })}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DataTable
          label={t('rollouts.view.items')}
          labelledBy="items-heading"
          data={r.items}
          getRowId={(i) => i.authorizerAppId}
          rowTestId={(i) => `item-${i.authorizerAppId}`}
          emptyText={t('rollouts.view.empty')}
          columns={columns}
        />
        {shownTotal > PAGE_SIZE && (
          <div className="flex items-center gap-3 text-sm">
            <Button
              variant="outline"
              size="sm"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
            >
              {t('common.previous')}
            </Button>
            <span className="tabular-nums">
              {t('rollouts.view.page', {
                from: offset + 1,
                to: Math.min(offset + PAGE_SIZE, shownTotal),
                total: shownTotal,
              })}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={offset + PAGE_SIZE >= shownTotal}
              onClick={() => setOffset(offset + PAGE_SIZE)}
            >
              {t('common.next')}
            </Button>
          </div>
        )}
      </section>
    </>
  );
}
