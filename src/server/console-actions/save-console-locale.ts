'use server';

import { cookies } from 'next/headers';
import { localeCookie, type Locale } from '@/i18n/locales';
import { callAsOperator } from '@/server/trpc/server-caller';

/**
 * Server action behind the console's language switcher: the same `me.setLocale` procedure (signed-in operator,
 * validated language), plus the cookie the sign-in page reads before anyone is signed in.
 */
export async function saveConsoleLocale(locale: Locale): Promise<void> {
  const saved = await callAsOperator((caller) => caller.me.setLocale({ locale }));
  (await cookies()).set(localeCookie, saved, { path: '/', maxAge: 31_536_000, sameSite: 'lax' });
}
