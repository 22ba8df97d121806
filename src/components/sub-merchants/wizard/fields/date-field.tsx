'use client';

import { Input } from '@/components/ui/input';
import { useController } from 'react-hook-form';
import { PERMANENT_DATE, formDataFields, type FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import type { WizardValues } from '../form-model';
import { FieldShell } from './field-shell';

/** A calendar date; end dates may instead be 长期 (no end date), offered as a checkbox. */
export function DateField({ name }: { name: FormDataField }) {
  const { t } = useI18n();
  const { field } = useController<WizardValues>({ name });
  const value = typeof field.value === 'string' ? field.value : '';
  const permanent = value === PERMANENT_DATE;
  const allowsPermanent = 'allowsPermanent' in formDataFields[name];
  return (
    <FieldShell name={name}>
      {(control) => (
        <div className="flex flex-wrap items-center gap-3">
          <Input
            {...control}
            className="max-w-56"
            ref={field.ref}
            name={field.name}
            type="date"
            value={permanent ? '' : value}
            disabled={permanent}
            onBlur={field.onBlur}
            onChange={(e) => field.onChange(e.target.value)}
          />
          {allowsPermanent && (
            <label className="my-1 inline-flex items-center gap-1.5 font-normal">
              <input
                id={`${control.id}-permanent`}
                type="checkbox"
                checked={permanent}
                onChange={(e) => field.onChange(e.target.checked ? PERMANENT_DATE : '')}
              />
              {t('subMerchants.field.permanent')}
            </label>
          )}
        </div>
      )}
    </FieldShell>
  );
}
