'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { CopyButton } from './copy-button';
import styles from './mini-programs.module.css';
import { QrImage } from './qr-image';

/** The seller page link, ready to send: copy it, open it, or let the seller scan it off the operator's screen. */
export function SellerLinkCard({ url, expiresAt }: { url: string; expiresAt: string }) {
  const { t, format } = useI18n();
  return (
    <section
      className={`panel ${styles.linkCard}`}
      style={{ marginTop: '1rem' }}
      aria-labelledby="seller-link-heading"
      data-testid="seller-link"
    >
      <div>
        <h3 id="seller-link-heading">{t('miniPrograms.link.heading')}</h3>
        <label htmlFor="seller-link-url">{t('miniPrograms.link.label')}</label>
        <div className={styles.linkRow}>
          <input id="seller-link-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton text={url} />
        </div>
        <p className="muted">{t('miniPrograms.link.expires', { time: format.dateTime(expiresAt) })}</p>
        <a href={url} target="_blank" rel="noreferrer noopener">
          {t('miniPrograms.link.open')}
        </a>
      </div>
      <QrImage value={url} label={t('miniPrograms.link.qr')} size={180} />
    </section>
  );
}
