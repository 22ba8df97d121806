'use client';

import type { inferRouterOutputs } from '@trpc/server';
import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import {
  AUDIT_LOG_PAGE_SIZE,
  auditActions,
  auditActorKinds,
  auditLogFiltersToQuery,
  type AuditLogFilters,
} from '@/schemas/audit-log-requests';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import type { AppRouter } from '@/server/trpc/app-router';
import { api } from '@/trpc/react';
import { ErrorMessage } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

type Entry = inferRouterOutputs<AppRouter>['auditLog']['list']['data'][number];
type Filters = AuditLogFilters;

/** The first page's input: the server prefetches exactly this, so the first HTML already holds the rows. */

const actionKey = (action: string) => `auditLog.action.${action}` as MessageKey;
const actorKindKey = (kind: string) => `auditLog.actorKind.${kind}` as MessageKey;
/** Who acted, as the rows and the "only this actor" line both say it: kind, then name (e-mail) where there is one. */
const actorText = (t: ReturnType<typeof useI18n>['t'], entry: Entry) =>
  entry.actorKind === 'operator' || entry.actorKind === 'apikey'
    ? t(`auditLog.actor.${entry.actorKind}`, { name: entry.actorName ?? entry.actorId ?? '' })
    : t(`auditLog.actor.${entry.actorKind}`);

/**
 * The platform's audit log (admins): who did what and why, newest first, narrowed by action, kind of actor and
 * a range of the operator's own days; "load more" follows the keyset cursor. Times are in the operator's zone.
 * The applied filters are the page's query string (`filters`, parsed by the server page, which remounts this
 * screen when they change): a filtered view is a link, and a reload keeps it.
 */
export function AuditLogScreen({ platformId, filters }: { platformId: string; filters: Filters }) {
  const { t, format } = useI18n();
  const router = useRouter();
  const pathname = usePathname();
  const [draft, setDraft] = useState<Filters>(filters);
  const [cursors, setCursors] = useState<string[]>([]);
  const setFilters = useCallback(
    (next: Filters) => {
      const query = auditLogFiltersToQuery(next);
      router.push(query ? `${pathname}?${query}` : pathname);
    },
    [router, pathname],
  );
  const input = { platformId, limit: AUDIT_LOG_PAGE_SIZE, ...filters };
  const first = api.auditLog.list.useQuery(input);
  const older = api.useQueries((q) => cursors.map((cursor) => q.auditLog.list({ ...input, cursor })));
  const pages = [first.data, ...older.map((o) => o.data)].filter((p) => p !== undefined);
  const entries = pages.flatMap((p) => p.data);
  const last = pages.at(-1);
  const loadingMore = older.some((o) => o.isFetching);
  // The one actor the log is narrowed to, by the name its entries carry (the address holds only the id).
  const narrowedTo = filters.actorId ? entries.find((e) => e.actorId === filters.actorId) : undefined;
  const actorLabel = narrowedTo ? actorText(t, narrowedTo) : (filters.actorId ?? '');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setCursors([]);
    setFilters(Object.fromEntries(Object.entries(draft).filter(([, value]) => value)) as Filters);
  };
  const reset = () => {
    setDraft({});
    setCursors([]);
    setFilters({});
  };
  const edit = (name: keyof Filters) => (event: { target: { value: string } }) =>
    // Another kind of actor drops the one actor picked from a row.
    setDraft({
      ...draft,
      ...(name === 'actorKind' ? { actorId: undefined } : {}),
      [name]: event.target.value || undefined,
    });
  // A column's button calls it, so the columns are rebuilt with it: it keeps the other filters being edited.
  const onlyActor = useCallback(
    (entry: Entry) => {
      // The id alone names the actor (op_… or key_…): the kind select keeps what the operator chose.
      const next = { ...draft, actorId: entry.actorId };
      setDraft(next);
      setCursors([]);
      setFilters(Object.fromEntries(Object.entries(next).filter(([, value]) => value)) as Filters);
    },
    [draft, setFilters],
  );
  const allActors = () => {
    const next = { ...draft, actorId: undefined };
    setDraft(next);
    setCursors([]);
    setFilters(Object.fromEntries(Object.entries(next).filter(([, value]) => value)) as Filters);
  };

  const columns = useMemo<ColumnDef<Entry, unknown>[]>(() => {
    const actor = (entry: Entry) => actorText(t, entry);
    return [
      {
        id: 'time',
        header: t('auditLog.col.time'),
        meta: { cardTitle: true },
        cell: ({ row }) => (
          <time dateTime={row.original.createdAt} className="whitespace-nowrap">
            {format.dateTimeWithZone(row.original.createdAt)}
          </time>
        ),
      },
      {
        id: 'actor',
        header: t('auditLog.col.actor'),
        cell: ({ row }) => {
          const label = actor(row.original);
          // An operator or a key: one click narrows the log to what they did.
          return row.original.actorId &&
            (row.original.actorKind === 'operator' || row.original.actorKind === 'apikey') ? (
            <button
              type="button"
              className="cursor-pointer break-words border-0 bg-transparent p-0 text-left text-primary underline-offset-2 hover:underline"
              aria-label={t('auditLog.onlyActor', { name: label })}
              onClick={() => onlyActor(row.original)}
            >
              {label}
            </button>
          ) : (
            label
          );
        },
      },
      {
        id: 'action',
        header: t('auditLog.col.action'),
        cell: ({ row }) =>
          (auditActions as readonly string[]).includes(row.original.action)
            ? t(actionKey(row.original.action))
            : row.original.action,
      },
      {
        id: 'target',
        header: t('auditLog.col.target'),
        // The target's name (an operator's name and e-mail, a key's or the platform's name); its id when it has
        // none (an invitation, or an object deleted since).
        cell: ({ row }) =>
          row.original.targetName ? (
            <span className="break-words">{row.original.targetName}</span>
          ) : (
            <code className="break-all text-xs">{row.original.targetId}</code>
          ),
      },
      {
        id: 'reason',
        header: t('auditLog.col.reason'),
        cell: ({ row }) => <span className="break-words">{row.original.reason ?? t('auditLog.noReason')}</span>,
      },
    ];
  }, [t, format, onlyActor]);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="m-0 text-sm text-muted-foreground">{t('auditLog.intro')}</p>
      <form
        aria-label={t('auditLog.filters')}
        onSubmit={apply}
        className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end"
      >
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="audit-action">{t('auditLog.col.action')}</Label>
          <NativeSelect id="audit-action" value={draft.action ?? ''} onChange={edit('action')}>
            <option value="">{t('auditLog.anyAction')}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {t(actionKey(action))}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="audit-actor">{t('auditLog.col.actor')}</Label>
          <NativeSelect id="audit-actor" value={draft.actorKind ?? ''} onChange={edit('actorKind')}>
            <option value="">{t('auditLog.anyActor')}</option>
            {auditActorKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(actorKindKey(kind))}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="audit-from">{t('auditLog.from')}</Label>
          <Input id="audit-from" type="date" value={draft.from ?? ''} max={draft.to} onChange={edit('from')} />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="audit-to">{t('auditLog.to')}</Label>
          <Input id="audit-to" type="date" value={draft.to ?? ''} min={draft.from} onChange={edit('to')} />
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit">{t('auditLog.apply')}</Button>
          <Button type="button" variant="outline" onClick={reset}>
            {t('auditLog.reset')}
          </Button>
        </div>
      </form>
      <p className="m-0 text-xs text-muted-foreground">{t('auditLog.daysInZone', { zone: format.timeZone })}</p>
      {filters.actorId && (
        <p className="m-0 flex flex-wrap items-center gap-2 text-sm">
          {t('auditLog.onlyActorActive', { name: actorLabel })}
          <Button type="button" variant="outline" size="sm" onClick={allActors}>
            {t('auditLog.allActors')}
          </Button>
        </p>
      )}
      {first.error ? (
        <ErrorMessage error={first.error} />
      ) : (
        <DataTable
          label={t('auditLog.title')}
          columns={columns}
          data={entries}
          getRowId={(entry) => entry.id}
          emptyText={t(Object.keys(filters).length ? 'auditLog.emptyFiltered' : 'auditLog.empty')}
        />
      )}
      {last?.hasMore && last.nextCursor && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={loadingMore}
          onClick={() => setCursors([...cursors, last.nextCursor!])}
        >
          {t('auditLog.more')}
        </Button>
      )}
    </div>
  );
}
