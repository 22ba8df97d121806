import { eq } from 'drizzle-orm';
import { defaultLocale, isLocale, type Locale } from '@/i18n/locales';
import { operators } from '@/server/db/schema';
import type { ServiceContext } from '../context';

/** The signed-in operator's profile for the console shell. */
export async function getOperator(ctx: ServiceContext, { operatorId }: { operatorId: string }) {
  const { db } = ctx;
  const [row] = await db
    .select({ id: operators.id, email: operators.email, name: operators.name, locale: operators.locale })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!row) return null;
  return { ...row, locale: (isLocale(row.locale) ? row.locale : defaultLocale) as Locale };
}
