'use client';

import { useEffect, useRef } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { commitForm } from '@/schemas/mini-program-requests';
import { CodeVersionFields } from './code-version-fields';
import { TemplateField } from './template-field';
import { checkExtJson, extJsonTemplate, type ExtJsonProblem } from './ext-json-check';
import type { Provider } from '@/domain/providers';
import { ErrorMessage, fieldErrorsOf, type ClientError } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';
import { Form, useZodForm } from '@/components/ui/form';

type Props = { platformId: string; platform: Provider; appId: string; tenantId?: string };

/**
 * Commit: template, version, description and the ext JSON, checked here with the API's own schema so a
 * malformed one never leaves the browser; the server's field errors land on the same fields.
 */
export function CommitForm({ platformId, platform, appId, tenantId }: Props) {
  const { t, locale } = useI18n();
  const utils = api.useUtils();
  const templates = api.miniPrograms.templates.useQuery({ platformId, platform, tenant_id: tenantId });
  const form = useZodForm(commitForm, {
    defaultValues: { template: '', userVersion: '', userDesc: '', extJson: extJsonTemplate(appId) },
  });
  const commit = api.miniPrograms.commit.useMutation({
    onSuccess: () => void utils.sellerAuthorization.authorizerAudits.invalidate(),
  });
  const list = templates.data?.templates ?? [];
  // The first template is the preselected one once the list arrives.
  useEffect(() => {
    if (list.length > 0 && form.getValues('template') === '') form.setValue('template', '0');
  }, [list.length, form]);
  // The version starts as the chosen template's: prefilled on each pick unless the operator typed their own.
  const chosen = list[Number(form.watch('template'))];
  const prefilled = useRef('');
  useEffect(() => {
    const version = chosen?.userVersion ?? '';
    const current = form.getValues('userVersion');
    if (version && (current === '' || current === prefilled.current)) {
      form.setValue('userVersion', version, { shouldValidate: form.formState.isSubmitted });
      prefilled.current = version;
    }
  }, [chosen, form]);
  const extInvalid = Boolean(form.formState.errors.extJson);
  const problems = extInvalid ? checkExtJson(form.getValues('extJson')) : [];
  const server = fieldErrorsOf(commit.error);

  const describe = (p: ExtJsonProblem) =>
    p.kind === 'syntax'
      ? t('miniPrograms.extJson.syntax', { line: p.line, column: p.column })
      : p.kind === 'missing'
        ? t('miniPrograms.extJson.missing', { field: p.field })
        : p.kind === 'type'
          ? t('miniPrograms.extJson.type', { field: p.field, expected: p.expected })
          : // zod's own sentence is English: the Chinese console names the field and says its value is not accepted.
            locale === 'en'
            ? t('miniPrograms.extJson.other', { field: p.field, detail: p.detail })
            : t('miniPrograms.extJson.otherInvalid', { field: p.field });

  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="commit-heading"
    >
      <h2 id="commit-heading">{t('miniPrograms.commit.heading')}</h2>
      <Form
        form={form}
        className="gap-3"
        onSubmit={async ({ template: index, ...values }) => {
          const template = list[Number(index)];
          if (!template) return;
          await commit
            .mutateAsync({
              platformId,
              platform,
              authorizerAppId: appId,
              templateId: template.templateId,
              ...(platform === 'providerB' && template.userVersion ? { templateVersion: template.userVersion } : {}),
              ...values,
            })
            .catch((error: ClientError) => {
              // The server parsed with the same schema; a field it names is marked like the browser's check would.
              for (const name of ['userVersion', 'extJson'] as const)
                if (fieldErrorsOf(error)[name]) form.setError(name, { type: 'server' });
            });
        }}
      >
        <TemplateField
          name="template"
          label={t('miniPrograms.commit.template')}
          templates={templates}
          valueOf={(_, index) => String(index)}
        />
        <CodeVersionFields
          labels={{
            version: t('miniPrograms.commit.version'),
            description: t('miniPrograms.commit.description'),
            extJson: t('miniPrograms.commit.extJson'),
            extJsonHint: t('miniPrograms.commit.extJsonHint'),
          }}
        />
        {extInvalid && (problems.length > 0 || server.extJson) && (
          // What exactly is wrong, field by field, in the operator's language (the schema's sentences are English).
          <div className="text-sm text-destructive" data-testid="ext-json-error">
            <ul className="m-0 list-disc pl-4">
              {problems.map((p) => (
                <li key={`${p.kind}:${'field' in p ? p.field : ''}`}>{describe(p)}</li>
              ))}
              {problems.length === 0 && server.extJson && <li lang="en">{server.extJson}</li>}
            </ul>
          </div>
        )}
        <div>
          <Button type="submit" disabled={form.formState.isSubmitting || list.length === 0}>
            {form.formState.isSubmitting ? t('miniPrograms.commit.busy') : t('miniPrograms.commit.submit')}
          </Button>
        </div>
      </Form>
      {!server.extJson && !server.userVersion && <ErrorMessage error={commit.error} />}
      {commit.data && !commit.isPending && (
        <p role="status" className="text-muted-foreground">
          {t('miniPrograms.commit.done', { version: commit.data.userVersion })}
        </p>
      )}
    </section>
  );
}
