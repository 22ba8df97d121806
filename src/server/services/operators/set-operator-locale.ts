import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '@/i18n/locales';
import { operators } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { ServiceContext } from '../context';

/** Remembers the operator's console language. */
export async function setOperatorLocale(
  ctx: ServiceContext,
  { operatorId, locale }: { operatorId: string; locale: string },
): Promise<Locale> {
  const { db } = ctx;
  if (!isLocale(locale)) throw new AppError('invalid_request', `Unsupported language "${locale}".`);
  await db.update(operators).set({ locale }).where(eq(operators.id, operatorId));
  return locale;
}
