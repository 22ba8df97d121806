'use server';

import { cookies } from 'next/headers';
import { z } from 'zod';
import { localeCookie, locales, type Locale } from '@/i18n/locales';
import { setOperatorLocale } from '@/server/services/operators/set-operator-locale';
import { operatorAction } from './guard';

const setLocale = operatorAction(z.strictObject({ locale: z.enum(locales) }), async (ctx, { locale }) => ({
  ok: true as const,
  locale: await setOperatorLocale(ctx, { operatorId: ctx.operatorId, locale }),
}));

/**
 * Server action behind the console's language switcher (signed-in operator, validated language), as `me.setLocale`,
 * plus the cookie the sign-in page reads before anyone is signed in. A refusal is thrown: the switcher shows none.
 */
export async function saveConsoleLocale(locale: Locale): Promise<void> {
  const saved = await setLocale({ locale });
  if (!saved.ok) throw new Error(saved.message);
  (await cookies()).set(localeCookie, saved.locale, { path: '/', maxAge: 31_536_000, sameSite: 'lax' });
}
