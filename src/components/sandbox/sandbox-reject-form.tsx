'use client';

import type { z } from 'zod';
import { useI18n } from '@/i18n/i18n-provider';
import { baseRequiredFields, formDataFields } from '@/schemas/form-data/fields';
import { sandboxAuditRejectForm, sandboxRejectReason } from '@/schemas/sandbox-requests';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

type Rejection = { field?: string; reason?: string };
// Either form's schema, seen through what both can hold: a field (applications only) and a reason.
type RejectionSchema = z.ZodType<Rejection, Rejection>;

/**
 * The sandbox reviewer's rejection, for both queues on the sandbox page: an application's names the field (in the
 * upstream's own words) and requires a reason; a mini-program audit's reason is optional (its page shows it).
 */
export function SandboxRejectForm(props: {
  of: 'applyment' | 'audit';
  busy: boolean;
  onReject: (rejection: Rejection) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useI18n();
  const askField = props.of === 'applyment';
  const form = useZodForm((askField ? sandboxRejectReason : sandboxAuditRejectForm) as RejectionSchema, {
    defaultValues: askField ? { field: 'idCardCopy', reason: '' } : { reason: '' },
  });
  return (
    <Form
      form={form}
      className="mt-2 flex flex-wrap items-start gap-2 [&>fieldset>div]:min-w-0 [&>fieldset>div]:flex-[1_1_200px]"
      onSubmit={({ field, reason }) => props.onReject({ field, reason: reason || undefined })}
    >
      {askField && (
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
      )}
      <FormField
        control={form.control}
        name="reason"
        label={t('settings.sandbox.rejectReason')}
        render={({ field }) => (
          <FormControl>
            <Input maxLength={500} {...field} value={field.value ?? ''} />
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
