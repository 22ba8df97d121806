'use client';

import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { formatters, translatorFor, type Messages, type Translate } from './format';
import type { Locale } from './locales';

type I18n = { locale: Locale; t: Translate; format: ReturnType<typeof formatters> };

const I18nContext = createContext<I18n | null>(null);

/** `messages` is the operator's language only (from `messagesFor` on the server), not both catalogs. */
export function I18nProvider({
  locale,
  timeZone,
  messages,
  children,
}: {
  locale: Locale;
  /** The operator's zone (the server's value, so both render alike); absent: the language's default. */
  timeZone?: string;
  messages: Messages;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ locale, t: translatorFor(messages), format: formatters(locale, timeZone) }),
    [locale, timeZone, messages],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The console's strings and formatters in the operator's language. */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside I18nProvider');
  return value;
}
