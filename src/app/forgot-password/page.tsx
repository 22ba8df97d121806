import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/accounts/forgot-password-form';
import { I18nProvider } from '@/i18n/i18n-provider';
import { requestLocale } from '@/i18n/request-locale';
import { messagesFor, translator } from '@/i18n/translate';
import { TrpcProvider } from '@/trpc/react';

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await requestLocale())('passwordReset.pageTitle') };
}

/** "Forgot password?" from the sign-in page. */
export default async function ForgotPasswordPage() {
  const locale = await requestLocale();
  const t = translator(locale);
  return (
    <I18nProvider locale={locale} messages={messagesFor(locale, ['common', 'ui', 'invitation', 'passwordReset'])}>
      <main className="mx-auto my-[8vh] grid max-w-[380px] gap-3 rounded-lg border bg-card p-5 [&_h1]:m-0">
        <h1>{t('passwordReset.title')}</h1>
        <p className="text-muted-foreground">{t('passwordReset.intro')}</p>
        <TrpcProvider>
          <ForgotPasswordForm locale={locale} />
        </TrpcProvider>
        <p className="m-0">
          <a href="/sign-in">{t('invitation.signInLink')}</a>
        </p>
      </main>
    </I18nProvider>
  );
}
