'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import styles from './settings.module.css';

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
    <div role="status" className={styles.secretBox}>
      <p>
        <strong>{props.title}</strong> {props.hint}
      </p>
      <p className="secret" data-testid={props.testId}>
        {props.value}
      </p>
      <div className="row">
        <button
          type="button"
          className="secondary"
          onClick={() =>
            navigator.clipboard.writeText(props.value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('settings.copied') : t('settings.copy')}
        </button>
        <button type="button" className="secondary" onClick={props.onDone}>
          {t('common.done')}
        </button>
        {copied === false && <span className="error">{t('settings.copyFailed')}</span>}
      </div>
    </div>
  );
}
