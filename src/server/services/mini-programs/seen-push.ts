import { inboundPushes } from '@/server/db/schema';
import type { ServiceContext } from '../context';

/** Records a push id; true when it was already recorded (an exact replay, which must change nothing). */
export async function seenPush(
  ctx: ServiceContext,
  { provider, pushId }: { provider: string; pushId: string },
): Promise<boolean> {
  const { db } = ctx;
  const inserted = await db
    .insert(inboundPushes)
    .values({ provider, pushId })
    .onConflictDoNothing()
    .returning({ pushId: inboundPushes.pushId });
  return inserted.length === 0;
}
