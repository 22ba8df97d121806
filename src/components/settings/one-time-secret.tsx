'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { Button } from '@/components/ui/button';

/** A secret shown once (new API key, webhook secret, first password), with copy and dismiss. */
export function OneTimeSecret(props: {
  title: string;
  hint: string;
  value: string;
  testId: string;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div role="status" className="my-3 grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3">
      <p>
        <strong>{props.title}</strong> {props.hint}
      </p>
      <p
        className="rounded-md border border-amber-300 bg-amber-50 p-2.5 font-mono break-all"
        data-testid={props.testId}
      >
        {props.value}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Button
          variant="secondary"
          type="button"
          onClick={() =>
            navigator.clipboard.writeText(props.value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('settings.copied') : t('settings.copy')}
        </Button>
        <Button variant="secondary" type="button" onClick={props.onDone}>
          {t('common.done')}
        </Button>
        {copied === false && <span className="text-destructive">{t('settings.copyFailed')}</span>}
      </div>
    </div>
  );
}
