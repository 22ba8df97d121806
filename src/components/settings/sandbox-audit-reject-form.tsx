'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { sandboxAuditRejectForm } from '@/schemas/sandbox-requests';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/** Why the sandbox reviewer rejects the audit (optional; the mini program's page shows it). */
export function AuditRejectForm(props: { busy: boolean; onReject: (reason?: string) => void; onCancel: () => void }) {
  const { t } = useI18n();
  const form = useZodForm(sandboxAuditRejectForm, { defaultValues: { reason: '' } });
  return (
    <Form
      form={form}
      className="mt-2 flex flex-wrap items-start gap-2 [&>fieldset>div]:min-w-0 [&>fieldset>div]:flex-[1_1_200px]"
      onSubmit={({ reason }) => props.onReject(reason || undefined)}
    >
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
