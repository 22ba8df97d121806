import type { ReactNode } from 'react';
import type { Locale } from '@/i18n/locales';
import type { Translate } from '@/i18n/translate';
import { LanguageSwitch } from './language-switch';

/**
 * The seller pages' frame: phone-first column, no console chrome. `eyebrow` names the page's purpose (the
 * mini-program authorization by default; the hosted onboarding pages pass theirs).
 */
export function SellerFrame({
  t,
  locale,
  eyebrow,
  children,
}: {
  t: Translate;
  locale: Locale;
  eyebrow?: string;
  children: ReactNode;
}) {
  return (
    <main
      className="mx-auto max-w-[30rem] px-4 pt-4 pb-12 leading-normal md:pt-12 [&_h1]:text-[1.35rem] [&_h1]:leading-snug [&_h2]:mt-0 [&_h2]:mb-2 [&_h2]:text-base"
      lang={locale}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <p className="m-0 text-sm tracking-wide text-muted-foreground uppercase">
          {eyebrow ?? t('miniPrograms.seller.eyebrow')}
        </p>
        <LanguageSwitch locale={locale} label={t('miniPrograms.seller.language')} />
      </div>
      {children}
    </main>
  );
}

/** A final state (done, expired, already used, invalid, failed): what happened and what to do next. */
export function SellerNotice(props: { tone: 'ok' | 'bad'; title: string; body: string; extra?: ReactNode }) {
  return (
    <section
      className={`my-4 rounded-xl border bg-card p-4 px-4 py-8 text-center`}
      role={props.tone === 'bad' ? 'alert' : 'status'}
    >
      <div
        className={`mb-2 text-[2.5rem] leading-none ${props.tone === 'ok' ? 'text-success' : 'text-destructive'}`}
        aria-hidden="true"
      >
        {props.tone === 'ok' ? '✓' : '!'}
      </div>
      <h1>{props.title}</h1>
      <p>{props.body}</p>
      {props.extra}
    </section>
  );
}
