import { eq } from 'drizzle-orm';
import { defaultTimeZone, isTimeZone } from '@/i18n/format';
import { defaultLocale, isLocale, type Locale } from '@/i18n/locales';
import { operators } from '@/server/db/schema';
import type { ServiceContext } from '../context';

/** The signed-in operator's profile for the console shell and `me.get`. */
export async function getOperator(ctx: ServiceContext, { operatorId }: { operatorId: string }) {
  const { db } = ctx;
  const [row] = await db
    .select({
      id: operators.id,
      email: operators.email,
      name: operators.name,
      locale: operators.locale,
      timeZone: operators.timeZone,
      passwordMustChange: operators.passwordMustChange,
    })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!row) return null;
  const locale = (isLocale(row.locale) ? row.locale : defaultLocale) as Locale;
  // No zone chosen (or one this runtime no longer knows): the language's default, never the server's zone.
  return {
    ...row,
    locale,
    timeZone: isTimeZone(row.timeZone) ? row.timeZone : defaultTimeZone(locale),
    timeZoneChosen: isTimeZone(row.timeZone),
  };
}
