'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { baseRequiredFields, formDataFields } from '@/schemas/form-data/fields';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Label } from '@/components/ui/label';

/** The reviewer's rejection: which of our fields (in the upstream's own words) and why. */
export function SandboxRejectForm(props: {
  idPrefix: string;
  busy: boolean;
  onReject: (field: string, reason: string) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useI18n();
  const [field, setField] = useState<string>('idCardCopy');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = props.idPrefix;
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2 [&>div]:min-w-0 [&>div]:flex-[1_1_200px]"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setMissing(reason.trim() === '');
        if (reason.trim()) props.onReject(field, reason.trim());
      }}
    >
      <div>
        <Label className="mt-3 mb-1" htmlFor={`${id}-field`}>
          {t('settings.sandbox.rejectField')}
        </Label>
        <NativeSelect id={`${id}-field`} value={field} onChange={(e) => setField(e.target.value)}>
          {baseRequiredFields.map((f) => (
            <option key={f} value={f}>
              {formDataFields[f].label[locale]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <Label className="mt-3 mb-1" htmlFor={`${id}-reason`}>
          {t('settings.sandbox.rejectReason')}
        </Label>
        <Input
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${id}-reason-error` : undefined}
        />
        {missing && (
          <small id={`${id}-reason-error`} className="mt-1 block text-sm text-destructive">
            {t('settings.sandbox.reasonRequired')}
          </small>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="dangerOutline" type="submit" disabled={props.busy}>
          {t('settings.sandbox.confirmReject')}
        </Button>
        <Button variant="secondary" type="button" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
