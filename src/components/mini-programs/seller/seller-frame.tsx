import type { ReactNode } from 'react';
import type { Locale } from '@/i18n/locales';
import type { Translate } from '@/i18n/translate';
import { LanguageSwitch } from './language-switch';
import styles from './seller.module.css';

/** The seller pages' frame: phone-first column, no console chrome. */
export function SellerFrame({ t, locale, children }: { t: Translate; locale: Locale; children: ReactNode }) {
  return (
    <main className={styles.page} lang={locale}>
      <div className={styles.top}>
        <p className={styles.eyebrow}>{t('miniPrograms.seller.eyebrow')}</p>
        <LanguageSwitch locale={locale} label={t('miniPrograms.seller.language')} />
      </div>
      {children}
    </main>
  );
}

/** A final state (done, expired, already used, invalid, failed): what happened and what to do next. */
export function SellerNotice(props: { tone: 'ok' | 'bad'; title: string; body: string; extra?: ReactNode }) {
  return (
    <section className={`${styles.card} ${styles.notice}`} role={props.tone === 'bad' ? 'alert' : 'status'}>
      <div className={`${styles.icon} ${props.tone === 'ok' ? styles.ok : styles.bad}`} aria-hidden="true">
        {props.tone === 'ok' ? '✓' : '!'}
      </div>
      <h1>{props.title}</h1>
      <p>{props.body}</p>
      {props.extra}
    </section>
  );
}
