'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { baseRequiredFields, formDataFields } from '@/schemas/form-data/fields';
import { sandboxRejectReason } from '@/schemas/sandbox-requests';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

/** The reviewer's rejection: which of our fields (in the upstream's own words) and why. */
export function SandboxRejectForm(props: {
  busy: boolean;
  onReject: (field: string, reason: string) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useI18n();
  const form = useZodForm(sandboxRejectReason, { defaultValues: { field: 'idCardCopy', reason: '' } });
  return (
    <Form
      form={form}
      className="mt-2 flex flex-wrap items-start gap-2 [&>fieldset>div]:min-w-0 [&>fieldset>div]:flex-[1_1_200px]"
      onSubmit={({ field, reason }) => props.onReject(field, reason)}
    >
      <FormField
        control={form.control}
        name="field"
        label={t('settings.sandbox.rejectField')}
        render={({ field }) => (
          <FormControl>
            <NativeSelect {...field}>
              {baseRequiredFields.map((f) => (
                <option key={f} value={f}>
                  {formDataFields[f].label[locale]}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
        )}
      />
      <FormField
        control={form.control}
        name="reason"
        label={t('settings.sandbox.rejectReason')}
        render={({ field }) => (
          <FormControl>
            <Input maxLength={500} {...field} />
          </FormControl>
        )}
      />
      <div className="flex flex-wrap gap-2 sm:mt-6">
        <Button variant="dangerOutline" type="submit" disabled={props.busy}>
          {t('settings.sandbox.confirmReject')}
        </Button>
        <Button variant="secondary" type="button" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </Form>
  );
}
