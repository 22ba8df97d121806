import { and, eq, sql } from 'drizzle-orm';
import { operators } from '@/server/db/schema';
import type { ServiceContext } from '../context';

/** The SET value that ends an operator's sessions, for updates that change something else too (password). */
export const nextSessionVersion = sql`${operators.sessionVersion} + 1`;

/**
 * Ends every session the operator has, on every instance, from their next request on: sessions carry the
 * version they were made with and a different one counts as signed out. With `ifVersion`, only when the
 * operator is still on that version (a sign-out with an already-ended session changes nothing).
 */
export async function endOperatorSessions(
  ctx: ServiceContext,
  { operatorId, ifVersion }: { operatorId: string; ifVersion?: number },
): Promise<boolean> {
  const { db } = ctx;
  const ended = await db
    .update(operators)
    .set({ sessionVersion: nextSessionVersion })
    .where(
      and(eq(operators.id, operatorId), ifVersion === undefined ? undefined : eq(operators.sessionVersion, ifVersion)),
    )
    .returning({ id: operators.id });
  return ended.length > 0;
}
