import type { Metadata } from 'next';
import { SellerAuthorizeView } from '@/components/mini-programs/seller/seller-authorize-view';
import { requestLocale } from '@/i18n/request-locale';
import { translator } from '@/i18n/translate';
import { getDb } from '@/server/db';
import { getSellerAuthorization } from '@/server/services/mini-programs/get-seller-authorization';

export const dynamic = 'force-dynamic';

// The token is the credential: keep it out of search engines and out of Referer headers sent onwards.
export async function generateMetadata(): Promise<Metadata> {
  return {
    title: translator(await requestLocale())('miniPrograms.seller.pageTitle'),
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/** Public seller page: no sign-in, the token in the path is checked (HMAC) and looked up on the server. */
export default async function SellerAuthorizePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [view, locale] = await Promise.all([
    getDb().then((db) => getSellerAuthorization({ db, actor: 'seller' }, { token: decodeURIComponent(token) })),
    requestLocale(),
  ]);
  return <SellerAuthorizeView view={view} locale={locale} />;
}
