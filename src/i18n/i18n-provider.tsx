'use client';

import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from './locales';
import { formatters, translator, type Translate } from './translate';

type I18n = { locale: Locale; t: Translate; format: ReturnType<typeof formatters> };

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => ({ locale, t: translator(locale), format: formatters(locale) }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The console's strings and formatters in the operator's language. */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside I18nProvider');
  return value;
}
