'use client';

import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { Button } from '@/components/ui/button';
import type { ColumnDef } from '@/components/ui/data-table';

export type Delivery = {
  id: string;
  eventId: string;
  eventType: string;
  url: string;
  status: 'pending' | 'succeeded' | 'failed';
  attemptCount: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  createdAt: string;
  attempts: {
    attempt: number;
    startedAt: string;
    durationMs: number | null;
    statusCode: number | null;
    error: string | null;
  }[];
};

const badge: Record<Delivery['status'], string> = {
  pending: 'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium bg-warning-soft text-warning',
  succeeded: 'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium bg-success-soft text-success',
  failed: 'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium bg-secondary',
};
const statusKey: Record<Delivery['status'], MessageKey> = {
  pending: 'settings.deliveries.status.pending',
  succeeded: 'settings.deliveries.status.succeeded',
  failed: 'settings.deliveries.status.failed',
};

/**
 * The delivery log's columns: each delivery's event, where it went, each attempt's HTTP status, and when the next
 * attempt is due; with redeliver (admins) a last column of actions.
 */
export function useDeliveryColumns(props: {
  canRedeliver: boolean;
  busy: boolean;
  onRedeliver: (delivery: Delivery) => void;
}): ColumnDef<Delivery, unknown>[] {
  const { t, format } = useI18n();
  const columns: ColumnDef<Delivery, unknown>[] = [
    {
      id: 'event',
      header: t('settings.deliveries.event'),
      cell: ({ row }) => (
        <>
          <code>{row.original.eventType}</code>
          <br />
          <small className="text-muted-foreground">{format.dateTime(row.original.createdAt)}</small>
        </>
      ),
      meta: { cardTitle: true },
    },
    {
      id: 'url',
      header: t('settings.deliveries.url'),
      cell: ({ row }) => row.original.url,
      meta: { className: 'break-all' },
    },
    {
      id: 'status',
      header: t('settings.col.status'),
      cell: ({ row }) => <span className={badge[row.original.status]}>{t(statusKey[row.original.status])}</span>,
    },
    {
      id: 'attempts',
      header: t('settings.deliveries.attempts'),
      cell: ({ row }) =>
        row.original.attempts.length === 0 ? (
          <span className="text-muted-foreground">{t('settings.deliveries.noAttempts')}</span>
        ) : (
          <ol className="mt-1 mb-0 list-disc pl-4 text-sm">
            {row.original.attempts.map((a) => (
              <li key={a.attempt}>
                {format.dateTime(a.startedAt)} ·{' '}
                {a.statusCode !== null ? (
                  <code>HTTP {a.statusCode}</code>
                ) : (
                  <span className="text-destructive">{a.error ?? t('settings.deliveries.noResponse')}</span>
                )}
                {a.durationMs !== null && (
                  <span className="text-muted-foreground">
                    {' '}
                    · {t('settings.deliveries.ms', { ms: format.number(a.durationMs) })}
                  </span>
                )}
              </li>
            ))}
          </ol>
        ),
    },
    {
      id: 'nextAttempt',
      header: t('settings.deliveries.nextAttempt'),
      cell: ({ row }) =>
        row.original.status === 'pending' && row.original.nextAttemptAt ? (
          format.dateTime(row.original.nextAttemptAt)
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
  ];
  if (!props.canRedeliver) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('settings.col.actions')}</span>,
      cell: ({ row }) => (
        <Button
          variant="secondary"
          type="button"
          disabled={props.busy}
          aria-label={t('settings.deliveries.redeliverNamed', {
            type: row.original.eventType,
            id: row.original.eventId,
          })}
          onClick={() => props.onRedeliver(row.original)}
        >
          {t('settings.deliveries.redeliver')}
        </Button>
      ),
    },
  ];
}
