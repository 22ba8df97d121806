import type { Locale } from './locales';
import { en, type MessageKey } from './messages/en';
import { zhCN } from './messages/zh-CN';

const catalogs: Record<Locale, Record<MessageKey, string>> = { en, 'zh-CN': zhCN };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** `{name}` placeholders are filled from `values`. */
export function translator(locale: Locale): Translate {
  const catalog = catalogs[locale];
  return (key, values) => {
    const text = catalog[key] ?? en[key] ?? key;
    return values ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`)) : text;
  };
}

/** Dates and numbers formatted for the language. */
export const formatters = (locale: Locale) => ({
  dateTime: (value: string | Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
  number: (value: number) => new Intl.NumberFormat(locale).format(value),
});
