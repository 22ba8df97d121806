import type { Metadata } from 'next';
import { SignUpForm } from '@/components/invitations/sign-up-form';
import { I18nProvider } from '@/i18n/i18n-provider';
import { requestLocale } from '@/i18n/request-locale';
import { messagesFor, translator } from '@/i18n/translate';
import { getDb } from '@/server/db';
import { findAccountMailLink } from '@/server/services/accounts/find-account-mail-link';
import { TrpcProvider } from '@/trpc/react';

export const dynamic = 'force-dynamic';

// The token is the credential: keep it out of search engines and out of Referer headers sent onwards.
export async function generateMetadata(): Promise<Metadata> {
  return {
    title: translator(await requestLocale())('signUp.pageTitle'),
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/** The page an invitation's sign-up mail links to: whoever opens it reads the invited mailbox. */
export default async function SignUpPage({ params }: { params: Promise<{ token: string }> }) {
  const token = decodeURIComponent((await params).token);
  const [view, locale] = await Promise.all([
    findAccountMailLink({ db: await getDb(), actor: 'invitation' }, { purpose: 'sign_up', token }),
    requestLocale(),
  ]);
  const t = translator(locale);
  return (
    <I18nProvider locale={locale} messages={messagesFor(locale, ['common', 'ui', 'invitation', 'signUp'])}>
      <main className="mx-auto my-[8vh] grid max-w-[380px] gap-3 rounded-lg border bg-card p-5 [&_h1]:m-0">
        {view.state === 'pending' ? (
          <>
            <h1>{t('signUp.title', { email: view.email })}</h1>
            <p className="text-muted-foreground">{t('signUp.intro', { platform: view.platformName ?? '' })}</p>
            <TrpcProvider>
              <SignUpForm token={token} email={view.email} locale={locale} />
            </TrpcProvider>
          </>
        ) : (
          <>
            <h1>{t('invitation.state.heading')}</h1>
            <p role="alert">{t(`signUp.state.${view.state}`)}</p>
            <p>
              <a href="/sign-in">{t('invitation.signInLink')}</a>
            </p>
          </>
        )}
      </main>
    </I18nProvider>
  );
}
