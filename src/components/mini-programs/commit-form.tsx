'use client';

import { useState, type FormEvent } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { checkExtJson, extJsonTemplate, type ExtJsonProblem } from './ext-json-check';
import styles from './mini-programs.module.css';
import type { Provider } from '@/domain/providers';
import { ErrorAlert, fieldErrorsOf } from './trpc-error';

type Props = { platformId: string; platform: Provider; appId: string; tenantId?: string };

/**
 * Commit: template, version, description and the ext JSON, which is checked here with the API's own schema so
 * a malformed one never leaves the browser; the server's field errors land on the same fields.
 */
export function CommitForm({ platformId, platform, appId, tenantId }: Props) {
  const { t } = useI18n();
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
      ? t('miniPrograms.extJson.syntax', { detail: p.detail })
      : p.kind === 'missing'
        ? t('miniPrograms.extJson.missing', { field: p.field })
        : p.kind === 'type'
          ? t('miniPrograms.extJson.type', { field: p.field, expected: p.expected })
          : t('miniPrograms.extJson.other', { field: p.field, detail: p.detail });

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
    <section className="panel" aria-labelledby="commit-heading">
      <h2 id="commit-heading">{t('miniPrograms.commit.heading')}</h2>
      <form onSubmit={submit} noValidate>
        <label htmlFor="commit-template">{t('miniPrograms.commit.template')}</label>
        {templates.isLoading && <p>{t('miniPrograms.commit.templatesLoading')}</p>}
        <ErrorAlert error={templates.error} />
        {templates.data && list.length === 0 && <p className="muted">{t('miniPrograms.commit.noTemplates')}</p>}
        <select
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
        </select>
        <label htmlFor="commit-version">{t('miniPrograms.commit.version')}</label>
        <input
          id="commit-version"
          value={userVersion}
          maxLength={64}
          onChange={(e) => setUserVersion(e.target.value)}
          aria-invalid={versionError ? true : undefined}
          aria-describedby={versionError ? 'commit-version-error' : undefined}
        />
        {versionError && (
          <p id="commit-version-error" className="error">
            {versionError}
          </p>
        )}
        <label htmlFor="commit-desc">{t('miniPrograms.commit.description')}</label>
        <input id="commit-desc" value={userDesc} maxLength={500} onChange={(e) => setUserDesc(e.target.value)} />
        <label htmlFor="commit-ext">{t('miniPrograms.commit.extJson')}</label>
        <textarea
          id="commit-ext"
          className={styles.code}
          rows={9}
          spellCheck={false}
          value={extJson}
          onChange={(e) => setExtJson(e.target.value)}
          aria-invalid={extError ? true : undefined}
          aria-describedby={extError ? 'commit-ext-hint commit-ext-error' : 'commit-ext-hint'}
        />
        <p id="commit-ext-hint" className={`muted ${styles.hint}`}>
          {t('miniPrograms.commit.extJsonHint')}
        </p>
        {extError && (
          <div id="commit-ext-error" className="error" data-testid="ext-json-error">
            <ul className={styles.errorList}>
              {problems.map((p) => (
                <li key={`${p.kind}:${'field' in p ? p.field : ''}`}>{describe(p)}</li>
              ))}
              {problems.length === 0 && server.extJson && <li>{server.extJson}</li>}
            </ul>
          </div>
        )}
        <div style={{ marginTop: '.75rem' }}>
          <button type="submit" disabled={commit.isPending || list.length === 0}>
            {commit.isPending ? t('miniPrograms.commit.busy') : t('miniPrograms.commit.submit')}
          </button>
        </div>
      </form>
      {!server.extJson && !server.userVersion && <ErrorAlert error={commit.error} />}
      {commit.data && !commit.isPending && (
        <p role="status" className="muted">
          {t('miniPrograms.commit.done', { version: commit.data.userVersion })}
        </p>
      )}
    </section>
  );
}
