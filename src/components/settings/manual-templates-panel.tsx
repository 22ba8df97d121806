'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { ErrorMessage, type ClientError } from '@/components/shared/error-message';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { manualTemplateForm } from '@/schemas/mini-program-requests';
import { DataTable } from './data-table';
import { providers } from '@/domain/providers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

const inputs = ['templateId', 'userVersion', 'userDesc', 'tenantId'] as const;
const empty = { provider: 'providerA' as const, templateId: '', userVersion: '', userDesc: '', tenantId: '' };

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
          labelledBy="templates-heading"
          columns={[
            t('settings.col.provider'),
            t('settings.templates.templateId'),
            t('settings.templates.userVersion'),
            t('settings.templates.userDesc'),
            t('settings.templates.tenantId'),
            t('settings.col.created'),
          ]}
          actions={canEdit}
        >
          {list.data.data.map((tpl) => (
            <tr key={tpl.id}>
              <td>{t(`settings.provider.${tpl.platform}`)}</td>
              <td>
                <code>{tpl.templateId}</code>
              </td>
              <td>{tpl.userVersion}</td>
              <td>{tpl.userDesc}</td>
              <td>
                {tpl.tenantId ?? <span className="text-muted-foreground">{t('settings.templates.allSellers')}</span>}
              </td>
              <td>{format.dateTime(tpl.createdAt)}</td>
              {canEdit && (
                <td>
                  <Button
                    variant="dangerOutline"
                    type="button"
                    disabled={remove.isPending}
                    aria-label={t('settings.templates.deleteNamed', { id: tpl.templateId, version: tpl.userVersion })}
                    onClick={() => remove.mutate({ platformId, id: tpl.id })}
                  >
                    {t('settings.delete')}
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
