/**
 * Throttles console sign-in after failed passwords, per account and per client address, in the database so
 * every instance sees the same counts and a restart forgets nothing. After `threshold` failures in a row the
 * key is locked for 1 minute, then 2, 4, … up to 60 per further failure; 24 hours without a failure start over.
 * An unknown e-mail is counted exactly like a known one, so the lock tells nothing about which accounts exist.
 */
import { createHmac } from 'node:crypto';
import { and, gt, inArray, sql } from 'drizzle-orm';
import { getSecrets } from '@/server/config/secrets';
import type { Db } from '@/server/db';
import { signInThrottles } from '@/server/db/schema';

export const SIGN_IN_THROTTLE = {
  /** Failures of one account before it locks; the address threshold is higher (shared offices, NAT). */
  accountThreshold: 5,
  addressThreshold: 20,
  maxLockMinutes: 60,
  forgetAfterHours: 24,
} as const;

export type ThrottleKey = { key: string; threshold: number };

const pseudonym = (value: string) => createHmac('sha256', getSecrets().sessionSecret).update(value).digest('base64url');

export function signInThrottleKeys(email: string, clientAddress: string | null): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ key: `account:${pseudonym(email.trim().toLowerCase())}`, threshold: SIGN_IN_THROTTLE.accountThreshold }];
  if (clientAddress) keys.push({ key: `ip:${pseudonym(clientAddress)}`, threshold: SIGN_IN_THROTTLE.addressThreshold });
  return keys;
}

/** Seconds until every key is free again; 0 when none is locked. */
export async function signInLockedForSeconds(db: Db, keys: ThrottleKey[]): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from max(${signInThrottles.lockedUntil}) - now()))::int` })
    .from(signInThrottles)
    .where(and(inArray(signInThrottles.key, keys.map((k) => k.key)), gt(signInThrottles.lockedUntil, sql`now()`)));
  return Math.max(0, row?.seconds ?? 0);
}

/** Counts one failure on every key, atomically (concurrent attempts each count), locking a key past its threshold. */
export async function recordSignInFailure(db: Db, keys: ThrottleKey[]): Promise<void> {
  const t = signInThrottles;
  for (const { key, threshold } of keys) {
    const failures = sql`(case when ${t.lastFailureAt} < now() - make_interval(hours => ${SIGN_IN_THROTTLE.forgetAfterHours}) then 1 else ${t.failures} + 1 end)`;
    await db
      .insert(t)
      .values({ key, failures: 1, lastFailureAt: sql`now()`, lockedUntil: threshold <= 1 ? sql`now() + interval '1 minute'` : null })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures,
          lastFailureAt: sql`now()`,
          lockedUntil: sql`case when ${failures} >= ${threshold}
            then now() + least(power(2, ${failures} - ${threshold}), ${SIGN_IN_THROTTLE.maxLockMinutes}) * interval '1 minute'
            else ${t.lockedUntil} end`,
        },
      });
  }
}

/** A correct password clears the account's count; the address keeps its count (one good account must not launder a spray). */
export async function clearAccountFailures(db: Db, keys: ThrottleKey[]): Promise<void> {
  const accountKeys = keys.filter((k) => k.key.startsWith('account:')).map((k) => k.key);
  if (accountKeys.length) await db.delete(signInThrottles).where(inArray(signInThrottles.key, accountKeys));
}
