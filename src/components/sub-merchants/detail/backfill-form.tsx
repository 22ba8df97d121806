'use client';

import { useState } from 'react';
import { ErrorMessage, type ClientError } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { subMerchantStatuses } from '@/domain/sub-merchant-states';
import { useI18n } from '@/i18n/i18n-provider';
import { backfillForm } from '@/schemas/sub-merchant-fields';
import { api } from '@/trpc/react';
import { trpcFieldErrors, type SubMerchantRecord } from '../record-types';
import { useSubMerchantLabels } from '../use-sub-merchant-labels';

const fields = ['chSubMchid', 'status', 'commissionRate'] as const;

/**
 * Admins back-fill the upstream's sub-merchant id, move active ↔ suspended and set the commission (the PUT
 * rules), on the one form pattern over the PUT body's own field schemas. Only changed values are sent; the
 * server's refusals (409: unverified id, review under way, transition not allowed) are said in the operator's
 * language with the server's words one click away, and one naming a field marks that field.
 */
export function BackfillForm({ platformId, record }: { platformId: string; record: SubMerchantRecord }) {
  const { t } = useI18n();
  const labels = useSubMerchantLabels();
  const utils = api.useUtils();
  const [note, setNote] = useState<string | null>(null);
  const form = useZodForm(backfillForm, {
    defaultValues: {
      chSubMchid: record.chSubMchid ?? '',
      status: record.status,
      commissionRate: String(record.commissionRate),
    },
  });
  const update = api.subMerchants.update.useMutation({
    onSuccess: (fresh) => {
      utils.subMerchants.get.setData({ platformId, id: record.id }, fresh);
      void utils.subMerchants.history.invalidate({ platformId, id: record.id });
      setNote(t('common.saved'));
    },
  });
  return (
    <Form
      form={form}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs sm:p-5"
      aria-labelledby="backfill-heading"
      onSubmit={async (values) => {
        setNote(null);
        update.reset();
        const patch: { chSubMchid?: string; status?: (typeof subMerchantStatuses)[number]; commissionRate?: number } =
          {};
        if (values.chSubMchid && values.chSubMchid !== (record.chSubMchid ?? '')) patch.chSubMchid = values.chSubMchid;
        if (values.status !== record.status) patch.status = values.status;
        if (values.commissionRate !== undefined && values.commissionRate !== record.commissionRate)
          patch.commissionRate = values.commissionRate;
        if (Object.keys(patch).length === 0) {
          setNote(t('subMerchants.wizard.nothingToSave'));
          return;
        }
        await update.mutateAsync({ platformId, id: record.id, patch }).catch((error: ClientError) => {
          for (const { pointer } of trpcFieldErrors(error)) {
            const name = fields.find((f) => pointer === `/patch/${f}`);
            if (name) form.setError(name, { message: 'ui.error.invalidValue' });
          }
        });
      }}
    >
      <h2 id="backfill-heading" className="m-0">
        {t('subMerchants.backfill.title')}
      </h2>
      <p className="m-0 text-muted-foreground">{t('subMerchants.backfill.intro')}</p>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-x-4 gap-y-3">
        <FormField
          control={form.control}
          name="chSubMchid"
          label={t('subMerchants.attr.chSubMchid')}
          render={({ field }) => (
            <FormControl>
              <Input {...field} value={field.value ?? ''} autoComplete="off" />
            </FormControl>
          )}
        />
        <FormField
          control={form.control}
          name="status"
          label={t('subMerchants.col.status')}
          render={({ field }) => (
            <FormControl>
              <NativeSelect {...field}>
                {/* Suspending has its own confirmed action (SuspendControl); this form never suspends. */}
                {subMerchantStatuses
                  .filter((s) => s !== 'suspended' || record.status === 'suspended')
                  .map((s) => (
                    <option key={s} value={s}>
                      {labels.status(s)}
                    </option>
                  ))}
              </NativeSelect>
            </FormControl>
          )}
        />
        <FormField
          control={form.control}
          name="commissionRate"
          label={`${t('subMerchants.attr.commissionRate')} (%)`}
          render={({ field }) => (
            <FormControl>
              <Input
                {...field}
                value={field.value ?? ''}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.01}
              />
            </FormControl>
          )}
        />
      </div>
      {update.error && (
        <div data-testid="backfill-error">
          <ErrorMessage error={update.error as ClientError} />
        </div>
      )}
      {note && (
        <p role="status" className="m-0 text-muted-foreground">
          {note}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={form.formState.isSubmitting}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
