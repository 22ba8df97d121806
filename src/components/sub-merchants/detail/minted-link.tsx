'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useI18n } from '@/i18n/i18n-provider';
import type { RouterOutputs } from '@/trpc/react';

type MintedLinkProps = {
  link: RouterOutputs['onboardingLinks']['create'];
  subMerchantId: string;
  onDone: () => void;
};

type QrImages = { svg: string; png: string };

/** The link's QR code as SVG (shown, and downloaded as drawn) and as a 512 px PNG, encoded in the browser. */
function useQrImages(url: string) {
  const [images, setImages] = useState<QrImages | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qr) => {
      const options = { margin: 2, errorCorrectionLevel: 'M' as const };
      const [svg, png] = await Promise.all([
        qr.toString(url, { ...options, type: 'svg' }),
        qr.toDataURL(url, { ...options, width: 512 }),
      ]);
      if (live) setImages({ svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, png });
    });
    return () => {
      live = false;
    };
  }, [url]);
  return images;
}

/**
 * A link just minted: its URL exists only in this answer (the service keeps a hash of the token), so it is shown
 * once, to copy or to hand over as a QR code, until the operator is done with it.
 */
export function MintedLink({ link, subMerchantId, onDone }: MintedLinkProps) {
  const { t, format } = useI18n();
  const images = useQrImages(link.url);
  const fileName = `onboarding-link-${subMerchantId}`;
  return (
    <div
      className="grid items-start gap-x-6 gap-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 md:grid-cols-[minmax(0,1fr)_auto]"
      data-testid="minted-seller-link"
    >
      <div className="grid min-w-0 gap-2">
        <p className="m-0 font-medium">{t('subMerchants.sendToSeller.once')}</p>
        <Label htmlFor="minted-seller-link-url">{t('subMerchants.sendToSeller.linkLabel')}</Label>
        <div className="flex flex-wrap items-center gap-2 [&_input]:min-w-0 [&_input]:flex-[1_1_16rem] [&_input]:font-mono [&_input]:text-sm">
          <Input id="minted-seller-link-url" readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton text={link.url} />
        </div>
        <p className="m-0 text-sm">
          {t('subMerchants.sendToSeller.validUntil', { time: format.dateTimeWithZone(link.expiresAt) })}
        </p>
        <div className="flex flex-wrap gap-2">
          {images && (
            <>
              <Button asChild variant="outline" size="sm">
                <a href={images.png} download={`${fileName}.png`}>
                  {t('subMerchants.sendToSeller.downloadPng')}
                </a>
              </Button>
              <Button asChild variant="outline" size="sm">
                <a href={images.svg} download={`${fileName}.svg`}>
                  {t('subMerchants.sendToSeller.downloadSvg')}
                </a>
              </Button>
            </>
          )}
          <Button type="button" variant="secondary" size="sm" onClick={onDone}>
            {t('common.done')}
          </Button>
        </div>
      </div>
      {/* A data: URL image: nothing to optimise, and next/image cannot take it. */}
      {images ? (
        <img
          src={images.svg}
          width={200}
          height={200}
          alt={t('subMerchants.sendToSeller.qrAlt')}
          data-testid="seller-link-qr"
          className="block rounded-md border bg-white"
        />
      ) : (
        <div
          className="size-[200px] rounded-md border bg-white"
          role="img"
          aria-label={t('subMerchants.sendToSeller.qrAlt')}
          aria-busy="true"
        />
      )}
    </div>
  );
}
