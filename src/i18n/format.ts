import type { Locale } from './locales';
import type { MessageKey } from './messages/en';

/** One language's strings; a screen may receive only the namespaces it uses (a missing key shows as itself). */
export type Messages = Partial<Record<MessageKey, string>>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * Looks keys up in one language's catalog; `{name}` placeholders are filled from `values`. Kept apart from the
 * catalogs themselves so browser code receives only the operator's language (the server hands it over).
 */
export function translatorFor(catalog: Messages): Translate {
  return (key, values) => {
    const text = catalog[key] ?? key;
    return values ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`)) : text;
  };
}

/** Dates and numbers formatted for the language. */
export const formatters = (locale: Locale) => ({
  dateTime: (value: string | Date) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
  number: (value: number) => new Intl.NumberFormat(locale).format(value),
});
