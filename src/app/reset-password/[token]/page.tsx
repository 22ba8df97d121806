import type { Metadata } from 'next';
import { ResetPasswordForm } from '@/components/accounts/reset-password-form';
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
    title: translator(await requestLocale())('passwordReset.pageTitle'),
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/** The page a password-reset mail links to. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const token = decodeURIComponent((await params).token);
  const [view, locale] = await Promise.all([
    findAccountMailLink({ db: await getDb(), actor: 'password-reset' }, { purpose: 'password_reset', token }),
    requestLocale(),
  ]);
  const t = translator(locale);
  return (
    <I18nProvider locale={locale} messages={messagesFor(locale, ['common', 'ui', 'invitation', 'passwordReset'])}>
      <main className="mx-auto my-[8vh] grid max-w-[380px] gap-3 rounded-lg border bg-card p-5 [&_h1]:m-0">
        {view.state === 'pending' ? (
          <>
            <h1>{t('passwordReset.newTitle', { email: view.email })}</h1>
            <p className="text-muted-foreground">{t('passwordReset.newIntro')}</p>
            <TrpcProvider>
              <ResetPasswordForm token={token} email={view.email} />
            </TrpcProvider>
          </>
        ) : (
          <>
            <h1>{t('passwordReset.pageTitle')}</h1>
            <p role="alert">{t(`passwordReset.state.${view.state}`)}</p>
            <p>
              <a href="/forgot-password">{t('passwordReset.askAgain')}</a>
            </p>
          </>
        )}
      </main>
    </I18nProvider>
  );
}
