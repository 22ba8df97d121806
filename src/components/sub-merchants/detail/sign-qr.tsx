'use client';

import { Card } from '@/components/ui/card';
import { QrImage } from '@/components/ui/qr-image';
import { useI18n } from '@/i18n/i18n-provider';

/**
 * The merchant confirms the account / signs on their phone: a QR code of signUrl (rendered in the browser;
 * the qrcode module loads only when needed) and the link itself to send.
 */
export function SignQr({ url, state }: { url: string; state: 'to_be_confirmed' | 'to_be_signed' }) {
  const { t } = useI18n();
  return (
    <Card aria-labelledby="sign-heading" className="items-center text-center">
      <h2 id="sign-heading" className="m-0">
        {state === 'to_be_confirmed' ? t('subMerchants.detail.confirmTitle') : t('subMerchants.detail.signTitle')}
      </h2>
      <p className="m-0">{t('subMerchants.detail.signExplain')}</p>
      <QrImage value={url} label={t('subMerchants.detail.signQrAlt')} size={220} testId="sign-qr" />
      <p className="m-0 text-sm break-all">
        <a href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
      </p>
    </Card>
  );
}
