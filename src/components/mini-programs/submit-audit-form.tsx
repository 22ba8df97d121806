'use client';

import { useState, type FormEvent } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import styles from './mini-programs.module.css';
import type { Provider } from '@/domain/providers';
import { ErrorAlert } from './trpc-error';

type Item = { address: string; title: string; tag: string };
const emptyItem = (): Item => ({ address: '', title: '', tag: '' });
const maxItems = 5;

/** Submit for audit: the latest commit, with optional page items (address / title / tag rows). */
export function SubmitAuditForm(props: { platformId: string; platform: Provider; appId: string; hasCommit: boolean }) {
  const { platformId, platform, appId, hasCommit } = props;
  const { t } = useI18n();
  const utils = api.useUtils();
  const [items, setItems] = useState<Item[]>([emptyItem()]);
  const [feedback, setFeedback] = useState('');
  const [missing, setMissing] = useState<number[]>([]);
  const submitAudit = api.miniPrograms.submitAudit.useMutation({
    onSuccess: () => void utils.sellerAuthorization.authorizerAudits.invalidate(),
  });
  const update = (index: number, patch: Partial<Item>) =>
    setItems((all) => all.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = items.map((item) => ({
      address: item.address.trim(),
      title: item.title.trim(),
      tag: item.tag.trim(),
    }));
    const invalid = filled.flatMap((item, i) => (!item.address && (item.title || item.tag) ? [i] : []));
    setMissing(invalid);
    if (invalid.length > 0) {
      document.getElementById(`audit-address-${invalid[0]}`)?.focus();
      return;
    }
    submitAudit.mutate({
      platformId,
      platform,
      authorizerAppId: appId,
      itemList: filled.filter((item) => item.address),
      feedbackInfo: feedback.trim() || undefined,
    });
  };

  return (
    <section className="panel" aria-labelledby="audit-heading">
      <h2 id="audit-heading">{t('miniPrograms.audit.heading')}</h2>
      <p className="muted">{hasCommit ? t('miniPrograms.audit.intro') : t('miniPrograms.audit.needsCommit')}</p>
      <form onSubmit={submit} noValidate>
        <fieldset className={styles.fieldset}>
          <legend>{t('miniPrograms.audit.pages')}</legend>
          {items.map((item, i) => {
            const n = i + 1;
            const invalid = missing.includes(i);
            return (
              <div key={i} className={styles.itemRow} role="group" aria-label={t('miniPrograms.audit.pageN', { n })}>
                <div>
                  <label htmlFor={`audit-address-${i}`}>{`${t('miniPrograms.audit.address')} ${n}`}</label>
                  <input
                    id={`audit-address-${i}`}
                    value={item.address}
                    maxLength={255}
                    placeholder="pages/index/index"
                    onChange={(e) => update(i, { address: e.target.value })}
                    aria-invalid={invalid ? true : undefined}
                    aria-describedby={invalid ? `audit-address-${i}-error` : undefined}
                  />
                  {invalid && (
                    <p id={`audit-address-${i}-error`} className="error">
                      {t('miniPrograms.audit.addressRequired')}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor={`audit-title-${i}`}>{`${t('miniPrograms.audit.pageTitle')} ${n}`}</label>
                  <input
                    id={`audit-title-${i}`}
                    value={item.title}
                    maxLength={64}
                    onChange={(e) => update(i, { title: e.target.value })}
                  />
                </div>
                <div>
                  <label htmlFor={`audit-tag-${i}`}>{`${t('miniPrograms.audit.tag')} ${n}`}</label>
                  <input
                    id={`audit-tag-${i}`}
                    value={item.tag}
                    maxLength={64}
                    onChange={(e) => update(i, { tag: e.target.value })}
                  />
                </div>
                <button
                  type="button"
                  className="secondary"
                  disabled={items.length === 1}
                  onClick={() => setItems((all) => all.filter((_, j) => j !== i))}
                >
                  {t('miniPrograms.audit.removePage', { n })}
                </button>
              </div>
            );
          })}
          <div className={styles.actions}>
            <button
              type="button"
              className="secondary"
              disabled={items.length >= maxItems}
              onClick={() => setItems((all) => [...all, emptyItem()])}
            >
              {t('miniPrograms.audit.addPage')}
            </button>
          </div>
        </fieldset>
        <label htmlFor="audit-feedback">{t('miniPrograms.audit.feedback')}</label>
        <input id="audit-feedback" value={feedback} maxLength={200} onChange={(e) => setFeedback(e.target.value)} />
        <div className={styles.actions}>
          <button type="submit" disabled={!hasCommit || submitAudit.isPending}>
            {submitAudit.isPending ? t('miniPrograms.audit.busy') : t('miniPrograms.audit.submit')}
          </button>
        </div>
      </form>
      <ErrorAlert error={submitAudit.error} />
      {submitAudit.data && !submitAudit.isPending && (
        <p role="status" className="muted">
          {t('miniPrograms.audit.submitted', { auditId: submitAudit.data.auditId })}
        </p>
      )}
    </section>
  );
}
