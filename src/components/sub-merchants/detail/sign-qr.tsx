'use client';

import { useEffect, useState } from 'react';
import { Card } from '@/components/ui/card';
import { useI18n } from '@/i18n/i18n-provider';

/**
 * The merchant confirms the account / signs on their phone: a QR code of signUrl (rendered in the browser;
 * the qrcode module loads only when needed) and the link itself to send.
 */
export function SignQr({ url, state }: { url: string; state: 'to_be_confirmed' | 'to_be_signed' }) {
  const { t } = useI18n();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 220, errorCorrectionLevel: 'M' }))
      .then((dataUrl) => live && setImage(dataUrl));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Card aria-labelledby="sign-heading" className="items-center text-center">
      <h2 id="sign-heading" className="m-0">
        {state === 'to_be_confirmed' ? t('subMerchants.detail.confirmTitle') : t('subMerchants.detail.signTitle')}
      </h2>
      <p className="m-0">{t('subMerchants.detail.signExplain')}</p>
      {/* A data: URL image: nothing to optimise, and next/image cannot take it. */}
      {image && (
        <img
          src={image}
          width={220}
          height={220}
          alt={t('subMerchants.detail.signQrAlt')}
          data-testid="sign-qr"
          className="block"
        />
      )}
      <p className="m-0 text-sm break-all">
        <a href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
      </p>
    </Card>
  );
}
