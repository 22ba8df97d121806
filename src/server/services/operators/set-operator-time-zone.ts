import { eq } from 'drizzle-orm';
import { isTimeZone } from '@/i18n/format';
import { operators } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { ServiceContext } from '../context';

/**
 * Remembers the zone the operator's console shows times in: an IANA name this runtime knows ("Asia/Shanghai",
 * "Europe/Berlin"), or null for the language's default.
 */
export async function setOperatorTimeZone(
  ctx: ServiceContext,
  { operatorId, timeZone }: { operatorId: string; timeZone: string | null },
): Promise<string | null> {
  if (timeZone !== null && !isTimeZone(timeZone)) {
    throw new AppError('invalid_request', `"${timeZone}" is not a time zone name (IANA, like Asia/Shanghai).`, {
      errors: [{ pointer: '/timeZone', code: 'invalid_value', message: 'unknown time zone' }],
    });
  }
  await ctx.db.update(operators).set({ timeZone }).where(eq(operators.id, operatorId));
  return timeZone;
}
