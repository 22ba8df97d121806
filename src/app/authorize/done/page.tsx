import type { Metadata } from 'next';
import { SellerDoneView } from '@/components/mini-programs/seller/seller-done-view';
import { requestLocale } from '@/i18n/request-locale';
import { translator } from '@/i18n/translate';
import { getDb } from '@/server/db';
import { completeSellerAuthorization } from '@/server/services/mini-programs/complete-seller-authorization';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return {
    title: translator(await requestLocale())('miniPrograms.seller.pageTitle'),
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/**
 * The redirect target of authorizations started in the console: `?state=…&auth_code=…` (WeChat) or
 * `app_auth_code` (Alipay). Completing here is the same single-use binding as the REST callback.
 */
export default async function SellerDonePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = Object.fromEntries(
    Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  );
  const [result, locale] = await Promise.all([
    getDb().then((db) => completeSellerAuthorization({ db, actor: 'seller' }, query)),
    requestLocale(),
  ]);
  return <SellerDoneView result={result} locale={locale} />;
}
