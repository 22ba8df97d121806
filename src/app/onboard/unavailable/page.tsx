import type { Metadata } from 'next';
import { SellerFrame, SellerNotice } from '@/components/mini-programs/seller/seller-frame';
import { requestLocale } from '@/i18n/request-locale';
import { translator } from '@/i18n/translate';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return {
    title: translator(await requestLocale())('onboarding.pageTitle'),
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/**
 * Where an onboarding link without a refreshUrl sends the seller when it cannot open a session: one page for
 * unknown, expired, used and revoked, so the page tells nobody which tokens exist.
 */
export default async function OnboardingUnavailablePage() {
  const locale = await requestLocale();
  const t = translator(locale);
  return (
    <SellerFrame t={t} locale={locale} eyebrow={t('onboarding.eyebrow')}>
      <SellerNotice tone="bad" title={t('onboarding.unavailable.title')} body={t('onboarding.unavailable.body')} />
    </SellerFrame>
  );
}
