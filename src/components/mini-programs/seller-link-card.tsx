'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { QrImage } from '@/components/ui/qr-image';
import { CopyButton } from '@/components/ui/copy-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The seller page link, ready to send: copy it, open it, or let the seller scan it off the operator's screen. */
export function SellerLinkCard({ url, expiresAt }: { url: string; expiresAt: string }) {
  const { t, format } = useI18n();
  return (
    <section
      className="mb-4 grid items-start gap-x-6 gap-y-4 rounded-lg border bg-card p-4 sm:p-5 md:grid-cols-[minmax(0,1fr)_auto]"
      style={{ marginTop: '1rem' }}
      aria-labelledby="seller-link-heading"
      data-testid="seller-link"
    >
      <div>
        <h3 id="seller-link-heading">{t('miniPrograms.link.heading')}</h3>
        <Label className="mt-3 mb-1" htmlFor="seller-link-url">
          {t('miniPrograms.link.label')}
        </Label>
        <div className="flex flex-wrap items-center gap-2 [&_input]:min-w-0 [&_input]:flex-[1_1_16rem] [&_input]:font-mono [&_input]:text-sm">
          <Input id="seller-link-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton text={url} />
        </div>
        <p className="text-muted-foreground">{t('miniPrograms.link.expires', { time: format.dateTime(expiresAt) })}</p>
        <a href={url} target="_blank" rel="noreferrer noopener">
          {t('miniPrograms.link.open')}
        </a>
      </div>
      <QrImage value={url} label={t('miniPrograms.link.qr')} size={180} />
    </section>
  );
}
