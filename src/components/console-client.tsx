import type { ReactNode } from 'react';
import { I18nProvider } from '@/i18n/i18n-provider';
import { messagesFor, type Namespace } from '@/i18n/translate';
import { consoleLocale, consoleTimeZone } from '@/server/console-session/console-session';

/**
 * The operator's strings for a console page's client components: only the namespaces the screen uses, not the
 * whole catalog. Screens that call tRPC from the browser also wrap themselves in TrpcProvider (imported by
 * those pages only: a client component imported here would ship with every page). Pages rendered on the
 * server (the sub-merchant list) need neither.
 */
export async function ConsoleClient({
  namespaces,
  children,
}: {
  namespaces: readonly Namespace[];
  children: ReactNode;
}) {
  const [locale, timeZone] = await Promise.all([consoleLocale(), consoleTimeZone()]);
  return (
    <I18nProvider
      locale={locale}
      timeZone={timeZone}
      messages={messagesFor(locale, ['common', 'nav', 'ui', ...namespaces])}
    >
      {children}
    </I18nProvider>
  );
}
