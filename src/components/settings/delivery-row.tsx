'use client';

import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { Button } from '@/components/ui/button';

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

/** One delivery: its event, where it went, each attempt's HTTP status, and when the next attempt is due. */
export function DeliveryRow(props: {
  delivery: Delivery;
  canRedeliver: boolean;
  busy: boolean;
  onRedeliver: () => void;
}) {
  const { delivery: d } = props;
  const { t, format } = useI18n();
  return (
    <tr>
      <td>
        <code>{d.eventType}</code>
        <br />
        <small className="text-muted-foreground">{format.dateTime(d.createdAt)}</small>
      </td>
      <td style={{ wordBreak: 'break-all' }}>{d.url}</td>
      <td>
        <span className={badge[d.status]}>{t(statusKey[d.status])}</span>
      </td>
      <td>
        {d.attempts.length === 0 ? (
          <span className="text-muted-foreground">{t('settings.deliveries.noAttempts')}</span>
        ) : (
          <ol className="mt-1 mb-0 list-disc pl-4 text-sm">
            {d.attempts.map((a) => (
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
        )}
      </td>
      <td>
        {d.status === 'pending' && d.nextAttemptAt ? (
          format.dateTime(d.nextAttemptAt)
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </td>
      {props.canRedeliver && (
        <td>
          <Button
            variant="secondary"
            type="button"
            disabled={props.busy}
            aria-label={t('settings.deliveries.redeliverNamed', { type: d.eventType, id: d.eventId })}
            onClick={props.onRedeliver}
          >
            {t('settings.deliveries.redeliver')}
          </Button>
        </td>
      )}
    </tr>
  );
}
