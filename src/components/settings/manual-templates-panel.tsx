'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { api, type RouterOutputs } from '@/trpc/react';
import { ErrorMessage, type ClientError } from '@/components/ui/error-message';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { manualTemplateForm } from '@/schemas/mini-program-requests';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { providers } from '@/domain/providers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

const inputs = ['templateId', 'userVersion', 'userDesc', 'tenantId'] as const;
const empty = { provider: 'providerA' as const, templateId: '', userVersion: '', userDesc: '', tenantId: '' };

type Template = RouterOutputs['miniPrograms']['manualTemplates']['list']['data'][number];

/** Templates for `manual` template mode: everyone lists them, admins enter and delete them. */
export function ManualTemplatesPanel({ platformId, canEdit }: { platformId: string; canEdit: boolean }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const list = api.miniPrograms.manualTemplates.list.useQuery({ platformId });
  const form = useZodForm(manualTemplateForm, { defaultValues: empty });
  const refresh = () => void utils.miniPrograms.manualTemplates.list.invalidate();
  const create = api.miniPrograms.manualTemplates.create.useMutation({
    onSuccess: () => (form.reset(empty), refresh()),
  });
  const remove = api.miniPrograms.manualTemplates.delete.useMutation({ onSuccess: refresh });
  // A refusal naming one of the fields goes onto it; the rest are said under the form.
  const refusedFields = (error: ClientError) =>
    (error?.data?.errors ?? []).flatMap((e) => {
      const name = inputs.find((field) => e.pointer === `/${field}`);
      return name ? [{ name, code: e.code }] : [];
    });
  const columns: ColumnDef<Template, unknown>[] = [
    {
      id: 'provider',
      header: t('settings.col.provider'),
      cell: ({ row }) => t(`settings.provider.${row.original.platform}`),
    },
    {
      id: 'templateId',
      header: t('settings.templates.templateId'),
      cell: ({ row }) => <code>{row.original.templateId}</code>,
      meta: { cardTitle: true },
    },
    { id: 'userVersion', header: t('settings.templates.userVersion'), cell: ({ row }) => row.original.userVersion },
    { id: 'userDesc', header: t('settings.templates.userDesc'), cell: ({ row }) => row.original.userDesc },
    {
      id: 'tenantId',
      header: t('settings.templates.tenantId'),
      cell: ({ row }) =>
        row.original.tenantId ?? <span className="text-muted-foreground">{t('settings.templates.allSellers')}</span>,
    },
    { id: 'created', header: t('settings.col.created'), cell: ({ row }) => format.dateTime(row.original.createdAt) },
    ...(canEdit
      ? [
          {
            id: 'actions',
            header: () => <span className="sr-only">{t('settings.col.actions')}</span>,
            cell: ({ row }) => (
              <Button
                variant="dangerOutline"
                type="button"
                disabled={remove.isPending}
                aria-label={t('settings.templates.deleteNamed', {
                  id: row.original.templateId,
                  version: row.original.userVersion,
                })}
                onClick={() => remove.mutate({ platformId, id: row.original.id })}
              >
                {t('settings.delete')}
              </Button>
            ),
          } satisfies ColumnDef<Template, unknown>,
        ]
      : []),
  ];

  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="templates-heading"
      id="templates"
    >
      <h2 id="templates-heading">{t('settings.templates.heading')}</h2>
      <p className="text-muted-foreground">{t('settings.templates.intro')}</p>
      {canEdit && (
        <Form
          form={form}
          className="mt-2 flex flex-wrap items-start gap-2 [&>fieldset>div]:min-w-0 [&>fieldset>div]:flex-[1_1_200px]"
          onSubmit={(values) =>
            create.mutateAsync({ platformId, ...values }).catch((error: ClientError) => {
              for (const { name, code } of refusedFields(error))
                form.setError(name, {
                  message: code === 'duplicate' ? 'settings.templates.duplicate' : 'settings.templates.invalid',
                });
            })
          }
        >
          <FormField
            control={form.control}
            name="provider"
            label={t('settings.col.provider')}
            render={({ field }) => (
              <FormControl>
                <NativeSelect {...field}>
                  {providers.map((p) => (
                    <option key={p} value={p}>
                      {t(`settings.provider.${p}`)}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
            )}
          />
          {inputs.map((name) => (
            <FormField
              key={name}
              control={form.control}
              name={name}
              label={t(`settings.templates.${name}`)}
              render={({ field }) => (
                <FormControl>
                  <Input {...field} value={field.value ?? ''} />
                </FormControl>
              )}
            />
          ))}
          <Button type="submit" className="sm:mt-6" disabled={form.formState.isSubmitting}>
            {t('settings.templates.add')}
          </Button>
        </Form>
      )}
      {create.error && refusedFields(create.error).length === 0 && (
        <ErrorMessage error={create.error} known={{ duplicate: 'settings.templates.duplicate' }} />
      )}
      <ErrorMessage error={remove.error ?? list.error} />
      {list.data && list.data.data.length === 0 && <p>{t('settings.templates.empty')}</p>}
      {list.data && list.data.data.length > 0 && (
        <DataTable
          label={t('settings.templates.heading')}
          labelledBy="templates-heading"
          columns={columns}
          data={list.data.data}
          getRowId={(tpl) => tpl.id}
          emptyText={t('settings.templates.empty')}
        />
      )}
    </section>
  );
}
