import type { Metadata } from 'next';
import { Suspense } from 'react';
import { I18nProvider } from '@/i18n/i18n-provider';
import { requestLocale } from '@/i18n/request-locale';
import { messagesFor, translator } from '@/i18n/translate';
import { SESSION_ENDED } from '@/schemas/sign-in';
import { SignInForm } from './sign-in-form';

/** The tab's title in the visitor's language (Accept-Language or the language cookie), like the page itself. */
export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await requestLocale());
  return { title: `${t('signIn.title')} · ${t('nav.consoleName')}` };
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ reason?: string | string[] }> }) {
  const locale = await requestLocale();
  const t = translator(locale);
  const ended = (await searchParams).reason === SESSION_ENDED;
  return (
    <I18nProvider locale={locale} messages={messagesFor(locale)}>
      <main className="mx-auto my-[8vh] grid max-w-[380px] gap-3 rounded-lg border bg-card p-5 [&_h1]:m-0">
        <h1>{t('signIn.title')}</h1>
        {ended && (
          <p role="status" className="rounded-md border border-warning bg-warning-soft px-3 py-2 text-sm text-warning">
            {t('signIn.sessionEnded')}
          </p>
        )}
        <p className="text-muted-foreground">{t('signIn.intro')}</p>
        <Suspense>
          <SignInForm />
        </Suspense>
      </main>
    </I18nProvider>
  );
}
