'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { DeliveryRow } from './delivery-row';
import { errorText } from './error-text';
import styles from './settings.module.css';
import { DataTable } from './data-table';

const statuses = ['pending', 'succeeded', 'failed'] as const;
type Status = (typeof statuses)[number];

/** The webhook delivery log, newest first, with redeliver for admins (a new delivery of the same event). */
export function DeliveriesPanel({ platformId, canRedeliver }: { platformId: string; canRedeliver: boolean }) {
  const { t } = useI18n();
  const utils = api.useUtils();
  const [status, setStatus] = useState<Status | ''>('');
  const [cursors, setCursors] = useState<string[]>([]);
  const list = api.events.listDeliveries.useQuery(
    { platformId, limit: 20, cursor: cursors.at(-1), status: status || undefined },
    { refetchInterval: 10_000 },
  );
  const [redelivered, setRedelivered] = useState<string | null>(null);
  const redeliver = api.events.redeliver.useMutation({
    onSuccess: (d) => {
      setRedelivered(d.eventType);
      setCursors([]);
      void utils.events.listDeliveries.invalidate();
    },
  });
  const page = list.data;
  return (
    <section className="panel" aria-labelledby="deliveries-heading" id="deliveries">
      <h2 id="deliveries-heading">{t('settings.deliveries.heading')}</h2>
      <p className="muted">{t('settings.deliveries.intro')}</p>
      <div className="row">
        <div className={styles.narrow}>
          <label htmlFor="delivery-status">{t('settings.deliveries.filter')}</label>
          <select
            id="delivery-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as Status | '');
              setCursors([]);
            }}
          >
            <option value="">{t('settings.deliveries.all')}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`settings.deliveries.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p role="status" className="muted">
        {redelivered ? t('settings.deliveries.redelivered', { type: redelivered }) : ''}
      </p>
      {(list.error || redeliver.error) && (
        <p role="alert" className="error">
          {errorText(t, list.error ?? redeliver.error, { invalid_state: 'settings.deliveries.noUrl' })}
        </p>
      )}
      {page && page.data.length === 0 && <p>{t('settings.deliveries.empty')}</p>}
      {page && page.data.length > 0 && (
        <DataTable
          labelledBy="deliveries-heading"
          columns={[
            t('settings.deliveries.event'),
            t('settings.deliveries.url'),
            t('settings.col.status'),
            t('settings.deliveries.attempts'),
            t('settings.deliveries.nextAttempt'),
          ]}
          actions={canRedeliver}
        >
          {page.data.map((d) => (
            <DeliveryRow
              key={d.id}
              delivery={d}
              canRedeliver={canRedeliver}
              busy={redeliver.isPending}
              onRedeliver={() => redeliver.mutate({ platformId, deliveryId: d.id })}
            />
          ))}
        </DataTable>
      )}
      <div className="row" style={{ marginTop: '1rem' }}>
        <button
          type="button"
          className="secondary"
          disabled={cursors.length === 0}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          {t('common.previous')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!page?.hasMore}
          onClick={() => page?.nextCursor && setCursors((c) => [...c, page.nextCursor!])}
        >
          {t('common.next')}
        </button>
      </div>
    </section>
  );
}
