import QRCode from 'qrcode';
import type { Locale } from '@/i18n/locales';
import { translator } from '@/i18n/translate';
import type { SellerAuthorizationView } from '@/server/services/mini-programs/get-seller-authorization';
import { providerLabel } from '../provider-label';
import { ExpiryGate } from './expiry-gate';
import { SellerFrame, SellerNotice } from './seller-frame';

/**
 * The seller page, rendered on the server: who asks and for what, the QR of authUrl for a desktop, the
 * "open on this phone" button (WeChat's mobile link), and a countdown; or the final state of the link.
 */
export async function SellerAuthorizeView({ view, locale }: { view: SellerAuthorizationView; locale: Locale }) {
  const t = translator(locale);
  if (view.status === 'invalid') {
    return (
      <SellerFrame t={t} locale={locale}>
        <SellerNotice
          tone="bad"
          title={t('miniPrograms.seller.invalid.title')}
          body={t('miniPrograms.seller.invalid.body')}
        />
      </SellerFrame>
    );
  }
  const names = { platform: view.platformName, provider: t(providerLabel(view.provider)) };
  const expired = (
    <SellerNotice
      tone="bad"
      title={t('miniPrograms.seller.expired.title')}
      body={t('miniPrograms.seller.expired.body', names)}
    />
  );
  if (view.status !== 'pending' || !view.authUrl) {
    const notice =
      view.status === 'done' ? (
        <SellerNotice
          tone="ok"
          title={t('miniPrograms.seller.done.title')}
          body={t('miniPrograms.seller.done.body', names)}
        />
      ) : view.status === 'used' ? (
        <SellerNotice
          tone="bad"
          title={t('miniPrograms.seller.used.title')}
          body={t('miniPrograms.seller.used.body', names)}
        />
      ) : (
        expired
      );
    return (
      <SellerFrame t={t} locale={locale}>
        {notice}
      </SellerFrame>
    );
  }
  const qrSvg = await QRCode.toString(view.authUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return (
    <SellerFrame t={t} locale={locale}>
      <h1>{t('miniPrograms.seller.asks', names)}</h1>
      <p>{t('miniPrograms.seller.for', names)}</p>
      {view.tenantId && (
        <p className="text-muted-foreground">
          {t('miniPrograms.seller.sellerId', { platform: view.platformName, tenantId: view.tenantId })}
        </p>
      )}
      <ExpiryGate
        locale={locale}
        expiresInMs={Date.parse(view.expiresAt) - Date.now()}
        template={t('miniPrograms.seller.expiresIn', { time: '{time}' })}
        expired={expired}
      >
        {view.mobileAuthUrl && (
          <section className="my-4 rounded-xl border bg-card p-4" aria-labelledby="on-phone">
            <h2 id="on-phone">{t('miniPrograms.seller.onPhone')}</h2>
            <a
              className="block rounded-lg bg-primary px-4 py-3.5 text-center text-[1.05rem] font-semibold text-primary-foreground no-underline hover:no-underline"
              href={view.mobileAuthUrl}
              rel="noreferrer"
            >
              {t('miniPrograms.seller.openOnPhone', names)}
            </a>
          </section>
        )}
        <section className="my-4 rounded-xl border bg-card p-4" aria-labelledby="on-computer">
          {view.mobileAuthUrl ? (
            <>
              <h2 id="on-computer">{t('miniPrograms.seller.onComputer')}</h2>
              <p>{t('miniPrograms.seller.scan', names)}</p>
            </>
          ) : (
            // One way for both (Alipay has no phone-only link): a phone is told to tap, a computer to scan. CSS
            // picks the words, so the server-rendered page needs no script to know the screen.
            <>
              <h2 id="on-computer">
                <span className="md:hidden">{t('miniPrograms.seller.onThisPhone')}</span>
                <span className="hidden md:inline">{t('miniPrograms.seller.onComputer')}</span>
              </h2>
              <p className="md:hidden">{t('miniPrograms.seller.tapBelow', names)}</p>
              <p className="hidden md:block">{t('miniPrograms.seller.scan', names)}</p>
            </>
          )}
          <div
            className="mx-auto my-2 w-[220px] max-w-full [&_svg]:block [&_svg]:h-auto [&_svg]:w-full"
            role="img"
            aria-label={t('miniPrograms.seller.qr', names)}
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <a
            className={
              view.mobileAuthUrl
                ? 'mt-2 inline-block'
                : 'block rounded-lg bg-primary px-4 py-3.5 text-center text-[1.05rem] font-semibold text-primary-foreground no-underline hover:no-underline'
            }
            href={view.authUrl}
            rel="noreferrer"
          >
            {t('miniPrograms.seller.openHere')}
          </a>
        </section>
      </ExpiryGate>
    </SellerFrame>
  );
}
