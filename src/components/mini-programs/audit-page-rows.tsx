'use client';

import { useFieldArray, useFormContext, type FieldValues } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormControl, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useI18n } from '@/i18n/i18n-provider';

const emptyRow = () => ({ address: '', title: '', tag: '' });
/** WeChat's submit_audit takes at most five page items (docs/upstream/providerA.md D.6). */
const maxRows = 5;

/**
 * The audit's page items (address / title / tag rows) of the form around it, at `name`: the single submit and the
 * rollout's start form use the same rows. `minRows`: rows that cannot be removed (the single submit keeps one to
 * show the shape; a rollout may send none).
 */
export function AuditPageRows({ name, minRows }: { name: string; minRows: 0 | 1 }) {
  const { t } = useI18n();
  const { control } = useFormContext<FieldValues>();
  const rows = useFieldArray({ control, name });
  return (
    <fieldset className="grid min-w-0 gap-3 border-0 p-0 [&_legend]:text-sm [&_legend]:font-semibold">
      <legend>{t('miniPrograms.audit.pages')}</legend>
      {rows.fields.map((row, i) => {
        const n = i + 1;
        return (
          <div
            key={row.id}
            className="grid items-start gap-2 md:grid-cols-[2fr_1.5fr_1fr_auto]"
            role="group"
            aria-label={t('miniPrograms.audit.pageN', { n })}
          >
            <FormField
              control={control}
              name={`${name}.${i}.address`}
              label={`${t('miniPrograms.audit.address')} ${n}`}
              render={({ field }) => (
                <FormControl>
                  <Input maxLength={255} placeholder={t('miniPrograms.pathPlaceholder')} {...field} />
                </FormControl>
              )}
            />
            <FormField
              control={control}
              name={`${name}.${i}.title`}
              label={`${t('miniPrograms.audit.pageTitle')} ${n}`}
              render={({ field }) => (
                <FormControl>
                  <Input maxLength={64} {...field} />
                </FormControl>
              )}
            />
            <FormField
              control={control}
              name={`${name}.${i}.tag`}
              label={`${t('miniPrograms.audit.tag')} ${n}`}
              render={({ field }) => (
                <FormControl>
                  <Input maxLength={64} {...field} />
                </FormControl>
              )}
            />
            <Button
              variant="secondary"
              type="button"
              className="md:mt-6"
              disabled={rows.fields.length <= minRows}
              onClick={() => rows.remove(i)}
            >
              {t('miniPrograms.audit.removePage', { n })}
            </Button>
          </div>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          type="button"
          disabled={rows.fields.length >= maxRows}
          onClick={() => rows.append(emptyRow())}
        >
          {t('miniPrograms.audit.addPage')}
        </Button>
      </div>
    </fieldset>
  );
}
