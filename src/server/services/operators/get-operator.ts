import { eq } from 'drizzle-orm';
import { defaultTimeZone, isTimeZone } from '@/i18n/format';
import { defaultLocale, isLocale, type Locale } from '@/i18n/locales';
import { operators } from '@/server/db/schema';
import type { ServiceContext } from '../context';

/**
 * The signed-in operator's profile for the console shell and `me.get`. The zone times are shown in: the one they
 * chose in settings, else their browser's (`browserTimeZone`, from the console's cookie), else their language's.
 */
export async function getOperator(
  ctx: ServiceContext,
  { operatorId, browserTimeZone }: { operatorId: string; browserTimeZone?: string },
) {
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
  // No zone chosen (or one this runtime no longer knows): the browser's, else the language's, never the server's.
  const fallback = isTimeZone(browserTimeZone) ? browserTimeZone : defaultTimeZone(locale);
  return {
    ...row,
    locale,
    timeZone: isTimeZone(row.timeZone) ? row.timeZone : fallback,
    timeZoneChosen: isTimeZone(row.timeZone),
  };
}
