import { eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { operators } from '@/server/db/schema';
import { createOperator } from '@/server/services/operators/create-operator';
import { signInOperator } from '@/server/services/operators/sign-in-operator';
import { SIGN_IN_THROTTLE } from '@/server/services/operators/sign-in-throttle';
import { verifyOperatorCredentials } from '@/server/services/operators/verify-operator-credentials';
import { createConsoleTeam, trpcFailure } from '../support/console-team';
import { argon2Verifications } from '../support/count-argon2';
import { describeEachDatabase } from '../support/databases';

vi.mock('@node-rs/argon2', async (importOriginal) =>
  (await import('../support/count-argon2')).countingArgon2(await importOriginal()),
);

const CURRENT = 'the-current-password-1';

describeEachDatabase('an operator changes their own password', (database) => {
  let team: Awaited<ReturnType<typeof createConsoleTeam>>;
  beforeAll(async () => {
    team = await createConsoleTeam(database().db);
  });

  const newOperator = async () => {
    const email = `pw-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const { operatorId } = await createOperator(
      { db: database().db, actor: 'test' },
      {
        email,
        password: CURRENT,
        platformId: team.platformId,
        role: 'viewer',
      },
    );
    return { email, operatorId, caller: team.asOperator(operatorId) };
  };
  const storedHash = async (operatorId: string) =>
    (
      await database().db.select({ hash: operators.passwordHash }).from(operators).where(eq(operators.id, operatorId))
    )[0]?.hash;

  it('with the right current password: the new one signs in, the old one no longer does, stored as argon2id', async () => {
    const { email, operatorId, caller } = await newOperator();
    await expect(
      caller.me.changePassword({ currentPassword: CURRENT, newPassword: 'a-brand-new-password-2' }),
    ).resolves.toEqual({ changed: true });
    expect(
      await verifyOperatorCredentials(
        { db: database().db, actor: 'test' },
        { email, password: 'a-brand-new-password-2' },
      ),
    ).toMatchObject({
      id: operatorId,
    });
    expect(
      await verifyOperatorCredentials({ db: database().db, actor: 'test' }, { email, password: CURRENT }),
    ).toBeNull();
    const hash = await storedHash(operatorId);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('a-brand-new-password-2');
  });

  it('a wrong current password is a 400 on currentPassword and changes nothing', async () => {
    const { email, operatorId, caller } = await newOperator();
    const before = await storedHash(operatorId);
    const failure = caller.me.changePassword({
      currentPassword: 'not-the-password',
      newPassword: 'a-brand-new-password-2',
    });
    await expect(failure).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { errors: [{ pointer: '/currentPassword', code: 'wrong_password' }] },
    });
    expect(await storedHash(operatorId)).toBe(before);
    expect(
      await verifyOperatorCredentials({ db: database().db, actor: 'test' }, { email, password: CURRENT }),
    ).toMatchObject({ id: operatorId });
  });

  it('a new password that is too short, too long or the same is refused on newPassword, changing nothing', async () => {
    const { operatorId, caller } = await newOperator();
    const before = await storedHash(operatorId);
    for (const newPassword of ['short-1', 'x'.repeat(201)]) {
      await expect(caller.me.changePassword({ currentPassword: CURRENT, newPassword })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        cause: { errors: [expect.objectContaining({ pointer: '/newPassword' })] },
      });
    }
    await expect(caller.me.changePassword({ currentPassword: CURRENT, newPassword: CURRENT })).rejects.toMatchObject({
      cause: { errors: [{ pointer: '/newPassword', code: 'unchanged' }] },
    });
    expect(await storedHash(operatorId)).toBe(before);
  });

  it('wrong current passwords lock the account like failed sign-ins: the right one is refused too until the lock ends', async () => {
    const { email, operatorId, caller } = await newOperator();
    const before = await storedHash(operatorId);
    for (let attempt = 1; attempt < 5; attempt++) {
      await expect(
        caller.me.changePassword({ currentPassword: `guess-${attempt}`, newPassword: 'a-brand-new-password-2' }),
      ).rejects.toMatchObject({
        cause: { errors: [{ code: 'wrong_password' }] },
      });
    }
    const locked = await trpcFailure(
      caller.me.changePassword({ currentPassword: 'guess-5', newPassword: 'a-brand-new-password-2' }),
    );
    expect(locked.code).toBe('TOO_MANY_REQUESTS');
    expect(
      await trpcFailure(caller.me.changePassword({ currentPassword: CURRENT, newPassword: 'a-brand-new-password-2' })),
    ).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(
      await signInOperator({ db: database().db, actor: 'test' }, { email, password: CURRENT, clientAddress: null }),
    ).toMatchObject({
      result: 'locked',
    });
    expect(await storedHash(operatorId)).toBe(before);
  });

  it('a parallel burst of 100 wrong current passwords and the right one verifies at most the threshold and changes nothing', async () => {
    const { operatorId, caller } = await newOperator();
    const before = await storedHash(operatorId);
    const verifiedBefore = argon2Verifications();
    const change = (currentPassword: string) =>
      trpcFailure(caller.me.changePassword({ currentPassword, newPassword: 'a-brand-new-password-2' }));
    const outcomes = await Promise.all([
      ...Array.from({ length: 100 }, (_, i) => change(`guess-${i}`)),
      change(CURRENT),
    ]);
    expect(outcomes.at(-1)).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(argon2Verifications() - verifiedBefore).toBe(SIGN_IN_THROTTLE.accountThreshold);
    expect(outcomes.filter((o) => o.appCode === 'invalid_request')).toHaveLength(SIGN_IN_THROTTLE.accountThreshold - 1);
    expect(await storedHash(operatorId)).toBe(before);
  });

  it('needs a signed-in operator, and the error never echoes a password', async () => {
    const anonymous = await trpcFailure(
      team
        .asOperator(null as never)
        .me.changePassword({ currentPassword: CURRENT, newPassword: 'a-brand-new-password-2' }),
    );
    expect(anonymous.code).toBe('UNAUTHORIZED');
    const { caller } = await newOperator();
    const error = await caller.me
      .changePassword({ currentPassword: 'secret-guess-123', newPassword: 'another-password-3' })
      .catch((e: Error) => e);
    expect(
      JSON.stringify({ message: (error as Error).message, cause: (error as { cause?: unknown }).cause }),
    ).not.toMatch(/secret-guess-123|another-password-3/);
  });
});
