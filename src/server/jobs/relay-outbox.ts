import { and, asc, inArray, isNull } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '@/server/db';
import { outbox } from '@/server/db/schema';
import { jobDefinition } from './registry';

/**
 * Moves committed outbox rows into pg-boss. No transaction is held around boss.send: on PGlite there is one
 * connection and pg-boss would wait for our transaction forever. Sending with the row id makes a repeat (two
 * instances, or a crash before the mark) a no-op in pg-boss (ON CONFLICT DO NOTHING on the job id).
 */
export async function relayOutbox(db: Db, boss: PgBoss, batch = 100): Promise<number> {
  const rows = await db
    .select()
    .from(outbox)
    .where(isNull(outbox.relayedAt))
    .orderBy(asc(outbox.createdAt))
    .limit(batch);
  for (const row of rows) {
    const singletonKey = jobDefinition(row.queue)?.singletonKey?.(row.payload);
    await boss.send(row.queue, row.payload, {
      id: row.id,
      ...(row.startAfter ? { startAfter: row.startAfter } : {}),
      ...(singletonKey ? { singletonKey } : {}),
    });
  }
  if (rows.length > 0) {
    await db
      .update(outbox)
      .set({ relayedAt: new Date() })
      .where(
        and(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
          isNull(outbox.relayedAt),
        ),
      );
  }
  return rows.length;
}
