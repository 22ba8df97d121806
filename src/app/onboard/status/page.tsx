import { SellerStatusView } from '@/components/seller-onboarding/seller-status-view';
import { requestLocale } from '@/i18n/request-locale';
import { SellerScreen, sellerApplicationOrLeave, sellerPageMetadata } from '../seller-page';

export const dynamic = 'force-dynamic';
export const generateMetadata = sellerPageMetadata;

/** The seller's status page: the same session as the form, for as long as it stays valid. */
export default async function SellerStatusPage() {
  const [application, locale] = await Promise.all([sellerApplicationOrLeave(), requestLocale()]);
  return (
    <SellerScreen locale={locale} platformName={application.platformName}>
      <SellerStatusView application={application} />
    </SellerScreen>
  );
}
