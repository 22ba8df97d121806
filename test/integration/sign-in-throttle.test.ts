import { sql } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { signInThrottles } from '@/server/db/schema';
import { createOperator } from '@/server/services/operators/create-operator';
import { signInOperator } from '@/server/services/operators/sign-in-operator';
import { SIGN_IN_THROTTLE } from '@/server/services/operators/sign-in-throttle';
import { describeEachDatabase } from '../support/databases';
import { argon2Verifications } from '../support/count-argon2';

// The real argon2 verify, counted: how many passwords a burst got checked is the point of the burst test.
vi.mock('@node-rs/argon2', async (importOriginal) =>
  (await import('../support/count-argon2')).countingArgon2(await importOriginal()),
);

const PASSWORD = 'correct horse battery staple';

describeEachDatabase('console sign-in throttling after failed passwords', (database) => {
  const db = () => database().db;
  let counter = 0;
  const freshOperator = async () => {
    const email = `throttle-${++counter}-${Date.now()}@example.com`;
    await createOperator({ db: db(), actor: 'test' }, { email, password: PASSWORD, name: 'Throttled' });
    return email;
  };
  const attempt = (email: string, password: string, clientAddress: string | null = `198.51.100.${counter}`) =>
    signInOperator({ db: db(), actor: 'test' }, { email, password, clientAddress });
  /** Ends every lock now, as if the wait had passed (the counts stay). */
  const waitOutLocks = () =>
    db()
      .update(signInThrottles)
      .set({ lockedUntil: sql`now() - interval '1 second'` });

  beforeAll(async () => {
    await db().delete(signInThrottles);
  });

  it('locks an account after 5 wrong passwords for a minute, refusing even the right password meanwhile', async () => {
    const email = await freshOperator();
    const outcomes = [];
    for (let i = 0; i < SIGN_IN_THROTTLE.accountThreshold; i++)
      outcomes.push((await attempt(email, `wrong-${i}`)).result);
    expect(outcomes).toEqual([
      'wrong_credentials',
      'wrong_credentials',
      'wrong_credentials',
      'wrong_credentials',
      'locked',
    ]);
    const locked = await attempt(email, PASSWORD);
    expect(locked.result).toBe('locked');
    expect(locked.result === 'locked' && locked.retryAfterSeconds).toBeGreaterThan(50);
    expect(locked.result === 'locked' && locked.retryAfterSeconds).toBeLessThanOrEqual(60);
    await waitOutLocks();
    expect((await attempt(email, PASSWORD)).result).toBe('signed_in');
  });

  it('doubles the lock with each further failure, up to an hour, and a success starts the account over', async () => {
    const email = await freshOperator();
    const waits: number[] = [];
    for (let i = 0; i < SIGN_IN_THROTTLE.accountThreshold + 8; i++) {
      await waitOutLocks();
      const outcome = await attempt(email, 'wrong');
      if (outcome.result === 'locked') waits.push(Math.round(outcome.retryAfterSeconds / 60));
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    await waitOutLocks();
    expect((await attempt(email, PASSWORD)).result).toBe('signed_in');
    expect((await attempt(email, 'wrong')).result).toBe('wrong_credentials');
  });

  it('answers an unknown e-mail exactly like a known one (no account enumeration)', async () => {
    const known = await freshOperator();
    const unknown = `nobody-${Date.now()}@example.com`;
    const run = async (email: string) => {
      const results = [];
      for (let i = 0; i < SIGN_IN_THROTTLE.accountThreshold + 1; i++)
        results.push((await attempt(email, 'wrong', null)).result);
      return results;
    };
    expect(await run(unknown)).toEqual(await run(known));
  });

  it('locks a client address that sprays many accounts, without locking those accounts elsewhere', async () => {
    const sprayer = '203.0.113.7';
    const results = [];
    for (let i = 0; i < SIGN_IN_THROTTLE.addressThreshold; i++)
      results.push((await attempt(`victim-${i}@example.com`, 'guess', sprayer)).result);
    expect(results.at(-2)).toBe('wrong_credentials');
    expect(results.at(-1)).toBe('locked');
    const email = await freshOperator();
    expect((await attempt(email, PASSWORD, sprayer)).result).toBe('locked');
    expect((await attempt(email, PASSWORD, '192.0.2.44')).result).toBe('signed_in');
  });

  it('counts concurrent failures one by one (no lost updates) and stores no e-mail or address in plain text', async () => {
    const email = await freshOperator();
    await Promise.all(
      Array.from({ length: SIGN_IN_THROTTLE.accountThreshold }, () => attempt(email, 'wrong', '192.0.2.200')),
    );
    expect((await attempt(email, PASSWORD, '192.0.2.201')).result).toBe('locked');
    const dump = JSON.stringify(await db().select().from(signInThrottles));
    expect(dump).not.toContain(email);
    expect(dump).not.toContain('192.0.2.200');
  });

  it('a right password takes back its own count: successful sign-ins never lock an address', async () => {
    const office = '198.51.100.250';
    for (let i = 0; i < SIGN_IN_THROTTLE.addressThreshold - 1; i++)
      expect((await attempt(`typo-${i}@example.com`, 'guess', office)).result).toBe('wrong_credentials');
    const email = await freshOperator();
    for (let i = 0; i < 3; i++) expect((await attempt(email, PASSWORD, office)).result).toBe('signed_in');
    expect((await attempt(`typo-last@example.com`, 'guess', office)).result).toBe('locked');
  });

  it('a parallel burst of 100 wrong passwords and the right one verifies at most the threshold, and the right one stays locked out', async () => {
    const email = await freshOperator();
    const before = argon2Verifications();
    const wrong = Array.from({ length: 100 }, (_, i) => attempt(email, `wrong-${i}`, '192.0.2.210'));
    const right = attempt(email, PASSWORD, '192.0.2.210');
    const outcomes = await Promise.all([...wrong, right]);
    expect(outcomes.at(-1)).toMatchObject({ result: 'locked' });
    expect(argon2Verifications() - before).toBe(SIGN_IN_THROTTLE.accountThreshold);
    expect(outcomes.filter((o) => o.result === 'signed_in')).toHaveLength(0);
    expect(outcomes.filter((o) => o.result === 'wrong_credentials')).toHaveLength(
      SIGN_IN_THROTTLE.accountThreshold - 1,
    );
    expect((await attempt(email, PASSWORD, '192.0.2.211')).result).toBe('locked');
  });
});
