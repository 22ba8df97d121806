import type { Metadata } from 'next';
import type { MessageKey } from '@/i18n/messages/en';
import { translator } from '@/i18n/translate';
import { consoleLocale } from './console-session';

/** A console page's browser-tab title in the operator's language (the layout adds " · console name"). */
export const consolePageTitle = (key: MessageKey) => async (): Promise<Metadata> => ({
  title: translator(await consoleLocale())(key),
});

/** The console layout's title template, so every tab reads "<page> · <console>" in the operator's language. */
export async function consoleTitleTemplate(): Promise<Metadata> {
  const name = translator(await consoleLocale())('nav.consoleName');
  return { title: { template: `%s · ${name}`, default: name } };
}
