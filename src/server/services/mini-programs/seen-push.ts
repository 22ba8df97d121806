import type { Db } from '@/server/db';
import { inboundPushes } from '@/server/db/schema';

/** Records a push id; true when it was already recorded (an exact replay, which must change nothing). */
export async function seenPush(db: Db, provider: string, pushId: string): Promise<boolean> {
  const inserted = await db
    .insert(inboundPushes)
    .values({ provider, pushId })
    .onConflictDoNothing()
    .returning({ pushId: inboundPushes.pushId });
  return inserted.length === 0;
}
