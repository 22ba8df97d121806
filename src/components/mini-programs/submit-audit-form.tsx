'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import type { Provider } from '@/domain/providers';
import { submitAuditForm } from '@/schemas/mini-program-requests';
import { ErrorMessage } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { AuditPageRows } from './audit-page-rows';

/** Submit for audit: the latest commit, with optional page items (address / title / tag rows). */
export function SubmitAuditForm(props: { platformId: string; platform: Provider; appId: string; hasCommit: boolean }) {
  const { platformId, platform, appId, hasCommit } = props;
  const { t } = useI18n();
  const utils = api.useUtils();
  const form = useZodForm(submitAuditForm, {
    defaultValues: { items: [{ address: '', title: '', tag: '' }], feedbackInfo: '' },
  });
  const submitAudit = api.miniPrograms.submitAudit.useMutation({
    onSuccess: () => void utils.sellerAuthorization.authorizerAudits.invalidate(),
  });

  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="audit-heading"
    >
      <h2 id="audit-heading">{t('miniPrograms.audit.heading')}</h2>
      <p className="text-muted-foreground">
        {hasCommit ? t('miniPrograms.audit.intro') : t('miniPrograms.audit.needsCommit')}
      </p>
      <Form
        form={form}
        className="gap-3"
        onSubmit={(values) =>
          submitAudit.mutateAsync({ platformId, platform, authorizerAppId: appId, ...values }).catch(() => undefined)
        }
      >
        <AuditPageRows name="items" minRows={1} />
        <FormField
          control={form.control}
          name="feedbackInfo"
          label={t('miniPrograms.audit.feedback')}
          render={({ field }) => (
            <FormControl>
              <Input maxLength={200} {...field} value={field.value ?? ''} />
            </FormControl>
          )}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!hasCommit || form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('miniPrograms.audit.busy') : t('miniPrograms.audit.submit')}
          </Button>
        </div>
      </Form>
      <ErrorMessage error={submitAudit.error} />
      {submitAudit.data && !submitAudit.isPending && (
        <p role="status" className="text-muted-foreground">
          {t('miniPrograms.audit.submitted', { auditId: submitAudit.data.auditId })}
        </p>
      )}
    </section>
  );
}
