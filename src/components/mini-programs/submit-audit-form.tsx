'use client';

import { useState, type FormEvent } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import type { Provider } from '@/domain/providers';
import { ErrorAlert } from './trpc-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

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
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="audit-heading"
    >
      <h2 id="audit-heading">{t('miniPrograms.audit.heading')}</h2>
      <p className="text-muted-foreground">
        {hasCommit ? t('miniPrograms.audit.intro') : t('miniPrograms.audit.needsCommit')}
      </p>
      <form onSubmit={submit} noValidate>
        <fieldset className="mt-3 min-w-0 border-0 p-0 [&_legend]:text-sm [&_legend]:font-semibold">
          <legend>{t('miniPrograms.audit.pages')}</legend>
          {items.map((item, i) => {
            const n = i + 1;
            const invalid = missing.includes(i);
            return (
              <div
                key={i}
                className="grid items-end gap-2 md:grid-cols-[2fr_1.5fr_1fr_auto] [&_label]:mt-1"
                role="group"
                aria-label={t('miniPrograms.audit.pageN', { n })}
              >
                <div>
                  <Label
                    className="mt-3 mb-1"
                    htmlFor={`audit-address-${i}`}
                  >{`${t('miniPrograms.audit.address')} ${n}`}</Label>
                  <Input
                    id={`audit-address-${i}`}
                    value={item.address}
                    maxLength={255}
                    placeholder="pages/index/index"
                    onChange={(e) => update(i, { address: e.target.value })}
                    aria-invalid={invalid ? true : undefined}
                    aria-describedby={invalid ? `audit-address-${i}-error` : undefined}
                  />
                  {invalid && (
                    <p id={`audit-address-${i}-error`} className="text-destructive">
                      {t('miniPrograms.audit.addressRequired')}
                    </p>
                  )}
                </div>
                <div>
                  <Label
                    className="mt-3 mb-1"
                    htmlFor={`audit-title-${i}`}
                  >{`${t('miniPrograms.audit.pageTitle')} ${n}`}</Label>
                  <Input
                    id={`audit-title-${i}`}
                    value={item.title}
                    maxLength={64}
                    onChange={(e) => update(i, { title: e.target.value })}
                  />
                </div>
                <div>
                  <Label
                    className="mt-3 mb-1"
                    htmlFor={`audit-tag-${i}`}
                  >{`${t('miniPrograms.audit.tag')} ${n}`}</Label>
                  <Input
                    id={`audit-tag-${i}`}
                    value={item.tag}
                    maxLength={64}
                    onChange={(e) => update(i, { tag: e.target.value })}
                  />
                </div>
                <Button
                  variant="secondary"
                  type="button"
                  disabled={items.length === 1}
                  onClick={() => setItems((all) => all.filter((_, j) => j !== i))}
                >
                  {t('miniPrograms.audit.removePage', { n })}
                </Button>
              </div>
            );
          })}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              variant="secondary"
              type="button"
              disabled={items.length >= maxItems}
              onClick={() => setItems((all) => [...all, emptyItem()])}
            >
              {t('miniPrograms.audit.addPage')}
            </Button>
          </div>
        </fieldset>
        <Label className="mt-3 mb-1" htmlFor="audit-feedback">
          {t('miniPrograms.audit.feedback')}
        </Label>
        <Input id="audit-feedback" value={feedback} maxLength={200} onChange={(e) => setFeedback(e.target.value)} />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" disabled={!hasCommit || submitAudit.isPending}>
            {submitAudit.isPending ? t('miniPrograms.audit.busy') : t('miniPrograms.audit.submit')}
          </Button>
        </div>
      </form>
      <ErrorAlert error={submitAudit.error} />
      {submitAudit.data && !submitAudit.isPending && (
        <p role="status" className="text-muted-foreground">
          {t('miniPrograms.audit.submitted', { auditId: submitAudit.data.auditId })}
        </p>
      )}
    </section>
  );
}
