'use client';

import { useFieldArray } from 'react-hook-form';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import type { Provider } from '@/domain/providers';
import { submitAuditForm } from '@/schemas/mini-program-requests';
import { ErrorMessage } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

const emptyItem = () => ({ address: '', title: '', tag: '' });
const maxItems = 5;

/** Submit for audit: the latest commit, with optional page items (address / title / tag rows). */
export function SubmitAuditForm(props: { platformId: string; platform: Provider; appId: string; hasCommit: boolean }) {
  const { platformId, platform, appId, hasCommit } = props;
  const { t } = useI18n();
  const utils = api.useUtils();
  const form = useZodForm(submitAuditForm, { defaultValues: { items: [emptyItem()], feedbackInfo: '' } });
  const rows = useFieldArray({ control: form.control, name: 'items' });
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
                  control={form.control}
                  name={`items.${i}.address`}
                  label={`${t('miniPrograms.audit.address')} ${n}`}
                  render={({ field }) => (
                    <FormControl>
                      <Input maxLength={255} placeholder={t('miniPrograms.pathPlaceholder')} {...field} />
                    </FormControl>
                  )}
                />
                <FormField
                  control={form.control}
                  name={`items.${i}.title`}
                  label={`${t('miniPrograms.audit.pageTitle')} ${n}`}
                  render={({ field }) => (
                    <FormControl>
                      <Input maxLength={64} {...field} />
                    </FormControl>
                  )}
                />
                <FormField
                  control={form.control}
                  name={`items.${i}.tag`}
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
                  disabled={rows.fields.length === 1}
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
              disabled={rows.fields.length >= maxItems}
              onClick={() => rows.append(emptyItem())}
            >
              {t('miniPrograms.audit.addPage')}
            </Button>
          </div>
        </fieldset>
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
