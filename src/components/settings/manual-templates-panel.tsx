'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { errorText } from './error-text';
import { DataTable } from './data-table';
import { providers, type Provider } from '@/domain/providers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Label } from '@/components/ui/label';

const empty = {
  provider: 'providerA' as Provider,
  templateId: '',
  userVersion: '',
  userDesc: '',
  tenantId: '',
};
type Draft = typeof empty;
const inputs = ['templateId', 'userVersion', 'userDesc', 'tenantId'] as const;

/** Templates for `manual` template mode: everyone lists them, admins enter and delete them. */
export function ManualTemplatesPanel({ platformId, canEdit }: { platformId: string; canEdit: boolean }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const list = api.miniPrograms.manualTemplates.list.useQuery({ platformId });
  const [draft, setDraft] = useState<Draft>(empty);
  const refresh = () => void utils.miniPrograms.manualTemplates.list.invalidate();
  const create = api.miniPrograms.manualTemplates.create.useMutation({ onSuccess: () => (setDraft(empty), refresh()) });
  const remove = api.miniPrograms.manualTemplates.delete.useMutation({ onSuccess: refresh });
  const fieldErrors = new Map((create.error?.data?.errors ?? []).map((e) => [e.pointer.replace(/^\//, ''), e.code]));
  const fieldMessage = (field: string) =>
    fieldErrors.get(field) === 'duplicate'
      ? t('settings.templates.duplicate')
      : fieldErrors.has(field)
        ? t('settings.templates.invalid')
        : null;

  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="templates-heading"
      id="templates"
    >
      <h2 id="templates-heading">{t('settings.templates.heading')}</h2>
      <p className="text-muted-foreground">{t('settings.templates.intro')}</p>
      {canEdit && (
        <form
          className="mt-2 flex flex-wrap items-end gap-2 [&>div]:min-w-0 [&>div]:flex-[1_1_200px]"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({
              platformId,
              provider: draft.provider,
              templateId: draft.templateId,
              userVersion: draft.userVersion,
              userDesc: draft.userDesc,
              ...(draft.tenantId.trim() ? { tenantId: draft.tenantId.trim() } : {}),
            });
          }}
        >
          <div>
            <Label className="mt-3 mb-1" htmlFor="template-provider">
              {t('settings.col.provider')}
            </Label>
            <NativeSelect
              id="template-provider"
              value={draft.provider}
              onChange={(e) => setDraft({ ...draft, provider: e.target.value as Draft['provider'] })}
            >
              {providers.map((p) => (
                <option key={p} value={p}>
                  {t(`settings.provider.${p}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          {inputs.map((field) => {
            const problem = fieldMessage(field);
            return (
              <div key={field}>
                <Label className="mt-3 mb-1" htmlFor={`template-${field}`}>
                  {t(`settings.templates.${field}`)}
                </Label>
                <Input
                  id={`template-${field}`}
                  value={draft[field]}
                  required={field === 'templateId' || field === 'userVersion'}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `template-${field}-error` : undefined}
                  onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
                />
                {problem && (
                  <small id={`template-${field}-error`} className="mt-1 block text-sm text-destructive">
                    {problem}
                  </small>
                )}
              </div>
            );
          })}
          <Button type="submit" disabled={create.isPending}>
            {t('settings.templates.add')}
          </Button>
        </form>
      )}
      {(create.error || remove.error || list.error) && (
        <p role="alert" className="text-destructive">
          {errorText(t, create.error ?? remove.error ?? list.error, { duplicate: 'settings.templates.duplicate' })}
        </p>
      )}
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
