import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { SellerFrame } from '@/components/mini-programs/seller/seller-frame';
import { I18nProvider } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { requestLocale } from '@/i18n/request-locale';
import { messagesFor, translator } from '@/i18n/translate';
import { getDb } from '@/server/db';
import { AppError } from '@/server/errors';
import { getSellerApplication } from '@/server/services/onboarding-links/get-seller-application';
import { resolveSellerSession } from '@/server/services/onboarding-links/resolve-seller-session';
import { SELLER_ACTOR } from '@/server/services/onboarding-links/seller-scope';
import { SELLER_SESSION_COOKIE } from '@/server/services/onboarding-links/seller-session';

/** The seller pages' metadata: their title, out of search engines, no Referer onwards. */
export async function sellerPageMetadata(): Promise<Metadata> {
  return {
    title: translator(await requestLocale())('onboarding.pageTitle'),
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/**
 * The application of the seller session this browser holds. Without one (never opened, idle too long, revoked,
 * record gone) the seller goes to the one neutral page every unusable link leads to.
 */
export async function sellerApplicationOrLeave() {
  const token = (await cookies()).get(SELLER_SESSION_COOKIE)?.value;
  const ctx = { db: await getDb(), actor: SELLER_ACTOR };
  const session = token ? await resolveSellerSession(ctx, { sessionToken: token }) : null;
  const application = session
    ? await getSellerApplication(ctx, { session }).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      })
    : null;
  if (!application) redirect('/onboard/unavailable');
  return application;
}

/** The frame of every seller screen: the platform's name on top, the language switch, the seller's strings. */
export function SellerScreen({
  locale,
  platformName,
  children,
}: {
  locale: Locale;
  platformName: string;
  children: ReactNode;
}) {
  const t = translator(locale);
  return (
    <SellerFrame t={t} locale={locale} eyebrow={`${platformName} · ${t('onboarding.eyebrow')}`}>
      <I18nProvider locale={locale} messages={messagesFor(locale, ['common', 'ui', 'subMerchants', 'onboarding'])}>
        {children}
      </I18nProvider>
    </SellerFrame>
  );
}
