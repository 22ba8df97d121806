import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '@/i18n/locales';
import { operators } from '@/server/db/schema';
import type { Db } from '@/server/db';
import { AppError } from '@/server/errors';

/** Remembers the operator's console language. */
export async function setOperatorLocale(db: Db, operatorId: string, locale: string): Promise<Locale> {
  if (!isLocale(locale)) throw new AppError('invalid_request', `Unsupported language "${locale}".`);
  await db.update(operators).set({ locale }).where(eq(operators.id, operatorId));
  return locale;
}
