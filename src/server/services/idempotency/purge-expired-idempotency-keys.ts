import { lte, sql } from 'drizzle-orm';
import { idempotencyKeys } from '@/server/db/schema';
import type { ServiceContext } from '../context';

/** Deletes stored first answers whose 24 hours are over (a retry after that runs as a new request); returns how many. */
export async function purgeExpiredIdempotencyKeys(ctx: ServiceContext): Promise<number> {
  const { db } = ctx;
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
