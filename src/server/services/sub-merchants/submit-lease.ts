import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { subMerchants } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { upstreamStepLeaseMs } from '@/server/upstreams/upstream-lease';
import type { ServiceContext } from '../context';

// A holder that crashed keeps the record waiting (409 `submission_in_progress`) until its lease runs out.
const leaseMs = upstreamStepLeaseMs;

/**
 * Serializes upstream submissions of one record across requests and instances without holding a transaction
 * over the upstream call: a row-level lease that expires on its own if its holder dies.
 */
export async function acquireSubmitLease(
  ctx: ServiceContext,
  { id, waitMs = 30_000 }: { id: string; waitMs?: number },
): Promise<string> {
  const { db } = ctx;
  const token = randomUUID();
  const deadline = Date.now() + waitMs;
  for (;;) {
    const now = new Date();
    const [row] = await db
      .update(subMerchants)
      .set({ submitLockToken: token, submitLockUntil: new Date(now.getTime() + leaseMs()) })
      .where(
        and(eq(subMerchants.id, id), or(isNull(subMerchants.submitLockUntil), lt(subMerchants.submitLockUntil, now))),
      )
      .returning({ id: subMerchants.id });
    if (row) return token;
    if (Date.now() > deadline)
      throw new AppError('submission_in_progress', 'Another submission of this record is in progress; retry shortly.', {
        retryAfterSeconds: 5,
      });
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 150));
  }
}

export async function releaseSubmitLease(ctx: ServiceContext, { id, token }: { id: string; token: string }) {
  const { db } = ctx;
  await db
    .update(subMerchants)
    .set({ submitLockToken: null, submitLockUntil: null })
    .where(and(eq(subMerchants.id, id), eq(subMerchants.submitLockToken, token)));
}
