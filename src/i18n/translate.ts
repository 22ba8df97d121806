import type { Locale } from './locales';
import { translatorFor, type Messages } from './format';
import { en, type MessageKey } from './messages/en';
import { zhCN } from './messages/zh-CN';

export { formatters, type Translate } from './format';

const catalogs: Record<Locale, Record<MessageKey, string>> = { en, 'zh-CN': zhCN };

export type Namespace = MessageKey extends `${infer N}.${string}` ? N : never;

/**
 * One language's catalog (the i18n-keys test keeps both complete) for I18nProvider; with `namespaces`, only
 * keys under them (`subMerchants.…`), so a page's HTML does not carry every other screen's strings.
 */
export function messagesFor(locale: Locale, namespaces?: readonly Namespace[]): Messages {
  const catalog = catalogs[locale];
  if (!namespaces) return catalog;
  return Object.fromEntries(Object.entries(catalog).filter(([key]) => namespaces.some((n) => key.startsWith(`${n}.`))));
}

export const translator = (locale: Locale) => translatorFor(catalogs[locale]);
