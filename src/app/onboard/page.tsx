import { redirect } from 'next/navigation';
import { SellerFormScreen } from '@/components/seller-onboarding/seller-form-screen';
import { sellerCanEdit, sellerPhaseOf } from '@/components/seller-onboarding/seller-phase';
import { requestLocale } from '@/i18n/request-locale';
import { SellerScreen, sellerApplicationOrLeave, sellerPageMetadata } from './seller-page';

export const dynamic = 'force-dynamic';
export const generateMetadata = sellerPageMetadata;

/**
 * The seller's form (hosted onboarding, issue 30), reached from the link's redirect with the seller session's
 * cookie. Once the application is with the upstream the form cannot change: the seller sees the status page.
 */
export default async function SellerOnboardingPage() {
  const [application, locale] = await Promise.all([sellerApplicationOrLeave(), requestLocale()]);
  if (!sellerCanEdit(sellerPhaseOf(application.record))) redirect('/onboard/status');
  return (
    <SellerScreen locale={locale} platformName={application.platformName}>
      <SellerFormScreen record={application.record} />
    </SellerScreen>
  );
}
