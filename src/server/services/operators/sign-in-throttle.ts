/**
 * Throttles console sign-in after failed passwords, per account and per client address, in the database so
 * every instance sees the same counts and a restart forgets nothing. After `threshold` failures in a row the
 * key is locked for 1 minute, then 2, 4, … up to 60 per further failure; 24 hours without a failure start over.
 * An unknown e-mail is counted exactly like a known one, so the lock tells nothing about which accounts exist.
 *
 * Every attempt is counted as a failure BEFORE its password is checked, under the key's row lock, and only
 * while the key is not locked; the attempt that reaches the threshold sets the lock. So however many attempts
 * race, at most `threshold` of them get their password verified (argon2) before the lock stands. A right
 * password then takes its count back (releaseSignInAttempt).
 */
import { createHmac } from 'node:crypto';
import { and, eq, gt, inArray, lte, or, sql, isNull } from 'drizzle-orm';
import { getSecrets } from '@/server/config/secrets';
import type { Db } from '@/server/db';
import { signInThrottles } from '@/server/db/schema';
import type { ServiceContext } from '../context';

export const SIGN_IN_THROTTLE = {
  /** Failures of one account before it locks; the address threshold is higher (shared offices, NAT). */
  accountThreshold: 5,
  addressThreshold: 20,
  maxLockMinutes: 60,
  forgetAfterHours: 24,
} as const;

export type ThrottleKey = { key: string; threshold: number };

/** One key's count as this attempt left it: `failures` includes this attempt. */
export type ThrottleCharge = ThrottleKey & { failures: number; lockedForSeconds: number };

export type SignInAdmission =
  { admitted: true; charges: ThrottleCharge[] } | { admitted: false; retryAfterSeconds: number };

const pseudonym = (value: string) => createHmac('sha256', getSecrets().sessionSecret).update(value).digest('base64url');

export function signInThrottleKeys(email: string, clientAddress: string | null): ThrottleKey[] {
  const keys: ThrottleKey[] = [
    { key: `account:${pseudonym(email.trim().toLowerCase())}`, threshold: SIGN_IN_THROTTLE.accountThreshold },
  ];
  if (clientAddress) keys.push({ key: `ip:${pseudonym(clientAddress)}`, threshold: SIGN_IN_THROTTLE.addressThreshold });
  return keys;
}

/**
 * Account mail (an invitation's sign-up link, a password reset) reuses the same counters under its own keys:
 * every request counts and none is taken back, so one address gets at most `addressThreshold` mails before the
 * lock (1 min, then doubling), and one client address `clientThreshold` across addresses. Unknown addresses are
 * counted like known ones.
 */
export const MAIL_THROTTLE = { addressThreshold: 3, clientThreshold: 10 } as const;

export function mailThrottleKeys(email: string, clientAddress: string | null): ThrottleKey[] {
  const keys: ThrottleKey[] = [
    { key: `mail:${pseudonym(email.trim().toLowerCase())}`, threshold: MAIL_THROTTLE.addressThreshold },
  ];
  if (clientAddress)
    keys.push({ key: `mail-ip:${pseudonym(clientAddress)}`, threshold: MAIL_THROTTLE.clientThreshold });
  return keys;
}

const t = signInThrottles;
const secondsLeft = sql<number>`greatest(0, coalesce(ceil(extract(epoch from ${t.lockedUntil} - now())), 0))::int`;

/** Seconds until every key is free again; 0 when none is locked. */
export async function signInLockedForSeconds(ctx: ServiceContext, { keys }: { keys: ThrottleKey[] }): Promise<number> {
  const { db } = ctx;
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from max(${t.lockedUntil}) - now()))::int` })
    .from(t)
    .where(
      and(
        inArray(
          t.key,
          keys.map((k) => k.key),
        ),
        gt(t.lockedUntil, sql`now()`),
      ),
    );
  return Math.max(0, row?.seconds ?? 0);
}

class Refused extends Error {}

/**
 * Counts this attempt as a failure on every key, all or none: refused (nothing counted) while any key is
 * locked. Keys are taken in one order so two attempts never wait on each other's rows crosswise.
 */
export async function admitSignInAttempt(
  ctx: ServiceContext,
  { keys }: { keys: ThrottleKey[] },
): Promise<SignInAdmission> {
  const { db } = ctx;
  try {
    const charges = await db.transaction(async (tx) => {
      const taken: ThrottleCharge[] = [];
      for (const key of [...keys].sort((a, b) => a.key.localeCompare(b.key))) {
        const charge = await chargeKey(tx, key);
        if (!charge) throw new Refused();
        taken.push(charge);
      }
      return taken;
    });
    return { admitted: true, charges };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { admitted: false, retryAfterSeconds: Math.max(1, await signInLockedForSeconds(ctx, { keys })) };
  }
}

/** One more failure on an unlocked key (locking it at the threshold); undefined when the key is locked. */
async function chargeKey(db: Db, { key, threshold }: ThrottleKey): Promise<ThrottleCharge | undefined> {
  const failures = sql`(case when ${t.lastFailureAt} < now() - make_interval(hours => ${SIGN_IN_THROTTLE.forgetAfterHours}) then 1 else ${t.failures} + 1 end)`;
  const [row] = await db
    .insert(t)
    .values({
      key,
      failures: 1,
      lastFailureAt: sql`now()`,
      lockedUntil: threshold <= 1 ? sql`now() + interval '1 minute'` : null,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures,
        lastFailureAt: sql`now()`,
        lockedUntil: sql`case when ${failures} >= ${threshold}
          then now() + least(power(2, ${failures} - ${threshold}), ${SIGN_IN_THROTTLE.maxLockMinutes}) * interval '1 minute'
          else ${t.lockedUntil} end`,
      },
      // Evaluated on the row as it is once locked for this update: a racing attempt sees the lock just set.
      setWhere: or(isNull(t.lockedUntil), lte(t.lockedUntil, sql`now()`)),
    })
    .returning({ failures: t.failures, lockedForSeconds: secondsLeft });
  return row && { key, threshold, failures: row.failures, lockedForSeconds: row.lockedForSeconds };
}

/** After a wrong password: seconds the attempt's own count locked a key for (0: not locked). */
export const lockedAfterFailure = (charges: ThrottleCharge[]) => Math.max(0, ...charges.map((c) => c.lockedForSeconds));

/**
 * The password was right: the account forgets its failures up to and including this attempt; the address
 * only takes back this attempt (one good account must not launder a spray from that address). A lock this
 * attempt set is lifted if nobody was counted after it; a lock set by attempts counted after it stays.
 */
export async function releaseSignInAttempt(
  ctx: ServiceContext,
  { charges }: { charges: ThrottleCharge[] },
): Promise<void> {
  const { db } = ctx;
  for (const charge of charges) {
    const own = charge.key.startsWith('account:') ? charge.failures : 1;
    const setByThisAttempt = charge.failures >= charge.threshold;
    await db
      .update(t)
      .set({
        failures: sql`greatest(${t.failures} - ${own}, 0)`,
        lockedUntil: setByThisAttempt
          ? sql`case when ${t.failures} = ${charge.failures} then null else ${t.lockedUntil} end`
          : sql`${t.lockedUntil}`,
      })
      .where(eq(t.key, charge.key));
  }
  await db.delete(t).where(
    and(
      inArray(
        t.key,
        charges.map((c) => c.key),
      ),
      eq(t.failures, 0),
      or(isNull(t.lockedUntil), lte(t.lockedUntil, sql`now()`)),
    ),
  );
}
