import { lte, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { idempotencyKeys } from '@/server/db/schema';

/** Deletes stored first answers whose 24 hours are over (a retry after that runs as a new request); returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
