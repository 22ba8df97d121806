'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { trpcFieldErrors, type SubMerchantRecord } from '../record-types';
import { useSubMerchantLabels } from '../use-sub-merchant-labels';
import { subMerchantStatuses } from '@/domain/sub-merchant-states';

type Status = (typeof subMerchantStatuses)[number];

/**
 * Admins back-fill the upstream's sub-merchant id, move active ↔ suspended and set the commission (the PUT
 * rules). Only changed values are sent; the server's refusals (409: unverified id, review under way,
 * transition not allowed) are shown as they come.
 */
export function BackfillForm({ platformId, record }: { platformId: string; record: SubMerchantRecord }) {
  const { t } = useI18n();
  const labels = useSubMerchantLabels();
  const utils = api.useUtils();
  const [chSubMchid, setChSubMchid] = useState(record.chSubMchid ?? '');
  const [status, setStatus] = useState<Status>(record.status);
  const [rate, setRate] = useState(String(record.commissionRate));
  const [note, setNote] = useState<string | null>(null);
  const update = api.subMerchants.update.useMutation({
    onSuccess: (fresh) => {
      utils.subMerchants.get.setData({ platformId, id: record.id }, fresh);
      void utils.subMerchants.history.invalidate({ platformId, id: record.id });
      setNote(t('common.saved'));
    },
  });
  const pointers = new Set(trpcFieldErrors(update.error).map((e) => e.pointer.replace(/^\/patch/, '')));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    const patch: { chSubMchid?: string; status?: Status; commissionRate?: number } = {};
    if (chSubMchid.trim() && chSubMchid.trim() !== (record.chSubMchid ?? '')) patch.chSubMchid = chSubMchid.trim();
    if (status !== record.status) patch.status = status;
    if (rate.trim() !== '' && Number(rate) !== record.commissionRate) patch.commissionRate = Number(rate);
    if (Object.keys(patch).length === 0) {
      setNote(t('subMerchants.wizard.nothingToSave'));
      return;
    }
    update.mutate({ platformId, id: record.id, patch });
  };
  const invalid = (name: string) => (pointers.has(`/${name}`) ? true : undefined);
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs sm:p-5"
      aria-labelledby="backfill-heading"
      onSubmit={onSubmit}
      noValidate
    >
      <h2 id="backfill-heading" className="m-0">
        {t('subMerchants.backfill.title')}
      </h2>
      <p className="m-0 text-muted-foreground">{t('subMerchants.backfill.intro')}</p>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-x-4 gap-y-3">
        <div>
          <Label htmlFor="backfill-sub-mchid" className="mb-1.5">
            {t('subMerchants.attr.chSubMchid')}
          </Label>
          <Input
            id="backfill-sub-mchid"
            value={chSubMchid}
            onChange={(e) => setChSubMchid(e.target.value)}
            aria-invalid={invalid('chSubMchid')}
            aria-describedby={update.error ? 'backfill-error' : undefined}
          />
        </div>
        <div>
          <Label htmlFor="backfill-status" className="mb-1.5">
            {t('subMerchants.col.status')}
          </Label>
          <NativeSelect
            id="backfill-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as Status)}
            aria-invalid={invalid('status')}
            aria-describedby={update.error ? 'backfill-error' : undefined}
          >
            {/* Suspending has its own confirmed action (SuspendControl); this form never suspends. */}
            {subMerchantStatuses
              .filter((s) => s !== 'suspended' || record.status === 'suspended')
              .map((s) => (
                <option key={s} value={s}>
                  {labels.status(s)}
                </option>
              ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor="backfill-rate" className="mb-1.5">
            {t('subMerchants.attr.commissionRate')} (%)
          </Label>
          <Input
            id="backfill-rate"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            aria-invalid={invalid('commissionRate')}
            aria-describedby={update.error ? 'backfill-error' : undefined}
          />
        </div>
      </div>
      {update.error && (
        <p id="backfill-error" role="alert" className="m-0 text-destructive" data-testid="backfill-error">
          {update.error.message}
        </p>
      )}
      {note && (
        <p role="status" className="m-0 text-muted-foreground">
          {note}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={update.isPending}>
        {t('common.save')}
      </Button>
    </form>
  );
}
