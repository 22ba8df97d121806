/**
 * Issue 28 item 4: an installation owner can disable, enable and remove an operator from the command line; a
 * disabled account is refused at sign-in with its own message, but only once the password was right (a guesser
 * learns nothing), and every session it had ends.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { runCommand } from '@/cli/commands';
import { parseArgs } from '@/cli/parse-args';
import { accountMailTokens, auditLog, memberships, operators } from '@/server/db/schema';
import { randomBase62 } from '@/server/ids';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createOperator } from '@/server/services/operators/create-operator';
import { signInOverHttp, sessionOperatorId } from '../support/console-sign-in';
import { createConsoleTeam } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { changedTables, databaseSnapshotter } from '../support/db-snapshot';
import { linkToken, mailsTo, signUpByMail } from '../support/mailbox';
import { useRequestScope } from '../support/next-request-scope';

const PASSWORD = 'a-long-password-1';
const fresh = (label: string) => `${label}-${Date.now()}-${randomBase62(6)}@example.com`.toLowerCase();

describeEachDatabase('disabling and removing an operator', (database) => {
  useRequestScope();
  const snapshot = databaseSnapshotter(database);
  const cli = (line: string) => runCommand(database().db, parseArgs(line.split(' ')));
  const anonymous = () =>
    createCallerFactory(appRouter)({ operatorId: null, db: database().db as never, requestId: 'req_test' });

  it('disable: the right password is told the account is disabled, a wrong one is told nothing more; sessions end; enable undoes it', async () => {
    const team = await createConsoleTeam(database().db);
    const email = fresh('leaver');
    const { operatorId } = await createOperator(
      { db: database().db, actor: 'test' },
      { email, password: PASSWORD, platformId: team.platformId, role: 'admin' },
    );
    const session = (await signInOverHttp({ email, password: PASSWORD })).sessionCookie!;
    expect(await sessionOperatorId(session)).toBe(operatorId);

    expect(await cli(`operator disable --email ${email.toUpperCase()}`)).toMatchObject({
      operatorId,
      disabled: true,
      platforms: 1,
    });
    expect(await sessionOperatorId(session)).toBeUndefined();
    expect(await signInOverHttp({ email, password: PASSWORD })).toMatchObject({
      sessionCookie: null,
      error: 'account_disabled',
    });
    expect(await signInOverHttp({ email, password: 'not-the-password' })).toMatchObject({
      sessionCookie: null,
      error: 'CredentialsSignin',
    });
    // No reset link for a disabled account: the mailbox gets the "no active account" note.
    await anonymous().passwordReset.request({ email });
    expect(linkToken((await mailsTo(email)).at(-1), '/reset-password/')).toBeUndefined();

    expect(await cli(`operator enable --email ${email}`)).toMatchObject({ operatorId, disabled: false });
    expect((await signInOverHttp({ email, password: PASSWORD })).sessionCookie).not.toBeNull();
    const actions = (await database().db.select().from(auditLog).where(eq(auditLog.platformId, team.platformId)))
      .filter((e) => e.targetId === operatorId)
      .map((e) => [e.action, e.actorKind]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['operator.disable', 'system'],
        ['operator.enable', 'system'],
      ]),
    );
  });

  it('remove: the account, its memberships and mail links go; the address can be invited and sign up again', async () => {
    const team = await createConsoleTeam(database().db);
    const email = fresh('squatted');
    const { operatorId } = await createOperator(
      { db: database().db, actor: 'test' },
      { email, password: PASSWORD, platformId: team.platformId, role: 'viewer' },
    );
    await anonymous().passwordReset.request({ email });
    const session = (await signInOverHttp({ email, password: PASSWORD })).sessionCookie!;

    expect(await cli(`operator remove --email ${email}`)).toEqual({ operatorId, removed: true, platforms: 1 });
    expect(await sessionOperatorId(session)).toBeUndefined();
    expect(await database().db.select().from(operators).where(eq(operators.id, operatorId))).toEqual([]);
    expect(await database().db.select().from(memberships).where(eq(memberships.operatorId, operatorId))).toEqual([]);
    expect(
      await database().db.select().from(accountMailTokens).where(eq(accountMailTokens.operatorId, operatorId)),
    ).toEqual([]);
    const [entry] = (
      await database().db.select().from(auditLog).where(eq(auditLog.platformId, team.platformId))
    ).filter((e) => e.action === 'operator.remove');
    expect(entry).toMatchObject({ targetType: 'operator', targetId: operatorId, actorKind: 'system' });

    const { acceptPath } = await team
      .as('admin')
      .members.invite({ platformId: team.platformId, email, role: 'operator' });
    const joined = await signUpByMail(anonymous(), {
      token: acceptPath.split('/').at(-1)!,
      name: 'Real Owner',
      password: 'the-real-owners-password',
    });
    expect(joined).toMatchObject({ platformId: team.platformId, role: 'operator', email });
  });

  it('refuses a missing or malformed --email and an unknown address, changing nothing', async () => {
    const before = await snapshot();
    for (const command of ['disable', 'enable', 'remove']) {
      await expect(cli(`operator ${command}`)).rejects.toThrow('Missing --email');
      await expect(cli(`operator ${command} --email not-an-address`)).rejects.toMatchObject({
        code: 'invalid_request',
        errors: [{ pointer: '/email' }],
      });
      await expect(cli(`operator ${command} --email ${fresh('nobody')}`)).rejects.toMatchObject({
        code: 'not_found',
      });
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});
