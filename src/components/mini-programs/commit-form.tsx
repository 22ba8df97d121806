'use client';

import { useState, type FormEvent } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { checkExtJson, extJsonTemplate, type ExtJsonProblem } from './ext-json-check';
import type { Provider } from '@/domain/providers';
import { ErrorAlert, fieldErrorsOf } from './trpc-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { Label } from '@/components/ui/label';

type Props = { platformId: string; platform: Provider; appId: string; tenantId?: string };

/**
 * Commit: template, version, description and the ext JSON, which is checked here with the API's own schema so
 * a malformed one never leaves the browser; the server's field errors land on the same fields.
 */
export function CommitForm({ platformId, platform, appId, tenantId }: Props) {
  const { t, locale } = useI18n();
  const utils = api.useUtils();
  const templates = api.miniPrograms.templates.useQuery({ platformId, platform, tenant_id: tenantId });
  const [templateIndex, setTemplateIndex] = useState(0);
  const [userVersion, setUserVersion] = useState('');
  const [userDesc, setUserDesc] = useState('');
  const [extJson, setExtJson] = useState(() => extJsonTemplate(appId));
  const [problems, setProblems] = useState<ExtJsonProblem[]>([]);
  const [versionMissing, setVersionMissing] = useState(false);
  const commit = api.miniPrograms.commit.useMutation({
    onSuccess: () => void utils.sellerAuthorization.authorizerAudits.invalidate(),
  });
  const list = templates.data?.templates ?? [];
  const server = fieldErrorsOf(commit.error);
  const extError = problems.length > 0 || server.extJson;
  const versionError = versionMissing ? t('miniPrograms.commit.required') : server.userVersion;

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkExtJson(extJson);
    setProblems(found);
    setVersionMissing(!userVersion.trim());
    const template = list[templateIndex];
    if (found.length > 0 || !userVersion.trim() || !template) {
      document.getElementById(found.length > 0 ? 'commit-ext' : 'commit-version')?.focus();
      return;
    }
    commit.mutate({
      platformId,
      platform,
      authorizerAppId: appId,
      templateId: template.templateId,
      ...(platform === 'providerB' && template.userVersion ? { templateVersion: template.userVersion } : {}),
      userVersion: userVersion.trim(),
      userDesc,
      extJson,
    });
  };

  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="commit-heading"
    >
      <h2 id="commit-heading">{t('miniPrograms.commit.heading')}</h2>
      <form onSubmit={submit} noValidate>
        <Label className="mt-3 mb-1" htmlFor="commit-template">
          {t('miniPrograms.commit.template')}
        </Label>
        {templates.isLoading && <p>{t('miniPrograms.commit.templatesLoading')}</p>}
        <ErrorAlert error={templates.error} />
        {templates.data && list.length === 0 && (
          <p className="text-muted-foreground">{t('miniPrograms.commit.noTemplates')}</p>
        )}
        <NativeSelect
          id="commit-template"
          value={templateIndex}
          onChange={(e) => setTemplateIndex(Number(e.target.value))}
          disabled={list.length === 0}
        >
          {list.map((tpl, index) => (
            <option key={`${tpl.templateId}:${tpl.userVersion}`} value={index}>
              {[tpl.templateId, tpl.userVersion, tpl.userDesc].filter(Boolean).join(' · ')}
            </option>
          ))}
        </NativeSelect>
        <Label className="mt-3 mb-1" htmlFor="commit-version">
          {t('miniPrograms.commit.version')}
        </Label>
        <Input
          id="commit-version"
          value={userVersion}
          maxLength={64}
          onChange={(e) => setUserVersion(e.target.value)}
          aria-invalid={versionError ? true : undefined}
          aria-describedby={versionError ? 'commit-version-error' : undefined}
        />
        {versionError && (
          <p id="commit-version-error" className="text-destructive">
            {versionError}
          </p>
        )}
        <Label className="mt-3 mb-1" htmlFor="commit-desc">
          {t('miniPrograms.commit.description')}
        </Label>
        <Input id="commit-desc" value={userDesc} maxLength={500} onChange={(e) => setUserDesc(e.target.value)} />
        <Label className="mt-3 mb-1" htmlFor="commit-ext">
          {t('miniPrograms.commit.extJson')}
        </Label>
        <Textarea
          id="commit-ext"
          className="min-h-44 font-mono text-sm"
          rows={9}
          spellCheck={false}
          value={extJson}
          onChange={(e) => setExtJson(e.target.value)}
          aria-invalid={extError ? true : undefined}
          aria-describedby={extError ? 'commit-ext-hint commit-ext-error' : 'commit-ext-hint'}
        />
        <p id="commit-ext-hint" className="mt-1 mb-0 text-sm text-muted-foreground">
          {t('miniPrograms.commit.extJsonHint')}
        </p>
        {extError && (
          <div id="commit-ext-error" className="text-destructive" data-testid="ext-json-error">
            <ul className="mt-1 mb-0 list-disc pl-4">
              {problems.map((p) => (
                <li key={`${p.kind}:${'field' in p ? p.field : ''}`}>{describe(p)}</li>
              ))}
              {problems.length === 0 && server.extJson && <li>{server.extJson}</li>}
            </ul>
          </div>
        )}
        <div style={{ marginTop: '.75rem' }}>
          <Button type="submit" disabled={commit.isPending || list.length === 0}>
            {commit.isPending ? t('miniPrograms.commit.busy') : t('miniPrograms.commit.submit')}
          </Button>
        </div>
      </form>
      {!server.extJson && !server.userVersion && <ErrorAlert error={commit.error} />}
      {commit.data && !commit.isPending && (
        <p role="status" className="text-muted-foreground">
          {t('miniPrograms.commit.done', { version: commit.data.userVersion })}
        </p>
      )}
    </section>
  );
}
