'use client';

import { useState } from 'react';
import { z } from 'zod';
import { withReason } from '@/components/shared/with-reason';
import { problemText } from '@/components/ui/error-message';
import { OneTimeSecret } from './one-time-secret';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { serviceCodes } from '@/domain/service-codes';
import { useI18n } from '@/i18n/i18n-provider';
import { createApiKeyInput } from '@/schemas/platform-requests';
import { api, type RouterOutputs } from '@/trpc/react';

type Service = (typeof serviceCodes)[number];
type ApiKey = RouterOutputs['apiKeys']['list'][number];

// The console names every key: an empty name is refused here rather than becoming the API's default.
const keyForm = createApiKeyInput.extend({ name: z.string().trim().min(1).max(80) });

/** Admins only (the procedures are admin-only too): create a key (shown once), list, revoke after confirming. */
export function ApiKeysPanel({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const keys = api.apiKeys.list.useQuery({ platformId });
  const [revealed, setRevealed] = useState<string | null>(null);
  const form = useZodForm(keyForm, { defaultValues: { name: '', services: [...serviceCodes] } });
  const create = api.apiKeys.create.useMutation({
    onSuccess: (key) => {
      setRevealed(key.secret);
      form.reset();
      void utils.apiKeys.list.invalidate();
    },
  });
  const revoke = api.apiKeys.revoke.useMutation({ onSuccess: () => void utils.apiKeys.list.invalidate() });
  const failure = create.error ?? keys.error;

  const columns: ColumnDef<ApiKey, unknown>[] = [
    { id: 'name', header: t('settings.col.name'), cell: ({ row }) => row.original.name, meta: { cardTitle: true } },
    { id: 'key', header: t('settings.col.key'), cell: ({ row }) => <code>{row.original.displayPrefix}</code> },
    {
      id: 'services',
      header: t('settings.col.services'),
      cell: ({ row }) =>
        row.original.services.map((s) => t(`settings.service.${s as Service}`)).join(t('ui.listSeparator')),
    },
    {
      id: 'lastUsed',
      header: t('settings.col.lastUsed'),
      cell: ({ row }) => (row.original.lastUsedAt ? format.dateTime(row.original.lastUsedAt) : t('common.never')),
    },
    {
      id: 'status',
      header: t('settings.col.status'),
      cell: ({ row }) =>
        row.original.revokedAt ? (
          <Badge>{t('common.revoked')}</Badge>
        ) : (
          <Badge variant="success">{t('common.active')}</Badge>
        ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('settings.col.actions')}</span>,
      cell: ({ row }) => {
        const key = row.original;
        if (key.revokedAt) return null;
        return (
          <ConfirmDialog
            trigger={
              <Button variant="dangerOutline" size="sm" aria-label={t('settings.revokeNamed', { name: key.name })}>
                {t('settings.revoke')}
              </Button>
            }
            title={t('settings.revokeConfirm.title', { name: key.name })}
            description={
              key.lastUsedAt
                ? t('settings.revokeConfirm.used', { at: format.dateTime(key.lastUsedAt) })
                : t('settings.revokeConfirm.unused')
            }
            confirmLabel={t('settings.revokeConfirm.confirm')}
            destructive
            reason="optional"
            confirmText={key.lastUsedAt ? key.name : undefined}
            error={revoke.error ? problemText(t, revoke.error) : undefined}
            onOpenChange={(open) => {
              if (!open) return;
              revoke.reset();
              // Whether the key is in use decides what the dialog asks: read it fresh, not from when the page loaded.
              void keys.refetch();
            }}
            onConfirm={async ({ reason }) => {
              await revoke.mutateAsync(withReason({ platformId, keyId: key.id }, reason));
              toast.success(t('settings.revokeConfirm.done', { name: key.name }));
            }}
          />
        );
      },
      meta: { className: 'text-right' },
    },
  ];

  return (
    <Card aria-labelledby="api-keys-heading" id="api-keys" className="mb-4">
      <CardHeader>
        <CardTitle id="api-keys-heading">{t('settings.apiKeys')}</CardTitle>
        <CardDescription>{t('settings.apiKeys.intro')}</CardDescription>
      </CardHeader>
      {revealed && (
        <OneTimeSecret
          title={t('settings.copyNow')}
          hint={t('settings.shownOnce')}
          value={revealed}
          testId="new-api-key"
          onDone={() => setRevealed(null)}
        />
      )}
      <Form
        form={form}
        onSubmit={(values) => create.mutateAsync({ platformId, ...values }).catch(() => undefined)}
        className="sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
      >
        <FormField
          control={form.control}
          name="name"
          label={t('settings.keyName')}
          render={({ field }) => (
            <FormControl>
              <Input {...field} maxLength={80} placeholder={t('settings.keyNamePlaceholder')} />
            </FormControl>
          )}
        />
        <FormField
          control={form.control}
          name="services"
          label={t('settings.services')}
          render={({ field }) => (
            <div role="group" aria-label={t('settings.services')} className="flex min-h-9 flex-wrap items-center gap-4">
              {serviceCodes.map((s) => (
                <Label key={s} className="font-normal">
                  <Checkbox
                    checked={(field.value ?? []).includes(s)}
                    onCheckedChange={(checked) =>
                      field.onChange(
                        checked ? [...(field.value ?? []), s] : (field.value ?? []).filter((x: Service) => x !== s),
                      )
                    }
                  />
                  {t(`settings.service.${s}`)}
                </Label>
              ))}
            </div>
          )}
        />
        <div>
          <Button type="submit" disabled={create.isPending}>
            {t('settings.createKey')}
          </Button>
        </div>
      </Form>
      {failure && (
        <p role="alert" className="m-0 text-sm text-destructive">
          {problemText(t, failure)}
        </p>
      )}
      <DataTable
        label={t('settings.apiKeys')}
        columns={columns}
        data={keys.data ?? []}
        getRowId={(key) => key.id}
        emptyText={keys.isLoading ? t('common.loading') : t('settings.apiKeys.empty')}
      />
    </Card>
  );
}
