'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { useDeliveryColumns } from './delivery-columns';
import { problemText } from '@/components/ui/error-message';
import { DataTable } from '@/components/ui/data-table';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Label } from '@/components/ui/label';

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
  const columns = useDeliveryColumns({
    canRedeliver,
    busy: redeliver.isPending,
    onRedeliver: (d) => redeliver.mutate({ platformId, deliveryId: d.id }),
  });
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="deliveries-heading"
      id="deliveries"
    >
      <h2 id="deliveries-heading">{t('settings.deliveries.heading')}</h2>
      <p className="text-muted-foreground">{t('settings.deliveries.intro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-[0_1_160px]">
          <Label className="mt-3 mb-1" htmlFor="delivery-status">
            {t('settings.deliveries.filter')}
          </Label>
          <NativeSelect
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
          </NativeSelect>
        </div>
      </div>
      <p role="status" className="text-muted-foreground">
        {redelivered ? t('settings.deliveries.redelivered', { type: redelivered }) : ''}
      </p>
      {(list.error || redeliver.error) && (
        <p role="alert" className="text-destructive">
          {problemText(t, list.error ?? redeliver.error, { invalid_state: 'settings.deliveries.noUrl' })}
        </p>
      )}
      {page && page.data.length === 0 && <p>{t('settings.deliveries.empty')}</p>}
      {page && page.data.length > 0 && (
        <DataTable
          label={t('settings.deliveries.heading')}
          labelledBy="deliveries-heading"
          columns={columns}
          data={page.data}
          getRowId={(d) => d.id}
          emptyText={t('settings.deliveries.empty')}
        />
      )}
      <div className="flex flex-wrap items-end gap-3" style={{ marginTop: '1rem' }}>
        <Button
          variant="secondary"
          type="button"
          disabled={cursors.length === 0}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          {t('common.previous')}
        </Button>
        <Button
          variant="secondary"
          type="button"
          disabled={!page?.hasMore}
          onClick={() => page?.nextCursor && setCursors((c) => [...c, page.nextCursor!])}
        >
          {t('common.next')}
        </Button>
      </div>
    </section>
  );
}
