/**
 * Issue 28 item 4: an account belongs to whoever reads its mailbox. The squat: platform A's admin invites an
 * address that has no account, opens their own link and picks the password; the owner, invited later by
 * platform B, could never get in. Now the link only mails the address; the account is created from the mailed
 * sign-up link, and the answers are the same whether or not the address has an account anywhere.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { accountMailTokens, auditLog, operators } from '@/server/db/schema';
import { randomBase62 } from '@/server/ids';
import { findInvitation } from '@/server/services/invitations/find-invitation';
import { createOperator } from '@/server/services/operators/create-operator';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { MAIL_THROTTLE } from '@/server/services/operators/sign-in-throttle';
import { verifyOperatorCredentials } from '@/server/services/operators/verify-operator-credentials';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createConsoleTeam, trpcFailure } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { changedTables, databaseSnapshotter } from '../support/db-snapshot';
import { linkToken, mailsTo, sentMails } from '../support/mailbox';
import { readFile } from 'node:fs/promises';

type Team = Awaited<ReturnType<typeof createConsoleTeam>>;
const tokenOf = (acceptPath: string) => acceptPath.split('/').at(-1)!;
const fresh = (label: string) => `${label}-${Date.now()}-${randomBase62(6)}@example.com`.toLowerCase();
const createCaller = createCallerFactory(appRouter);

describeEachDatabase('a new account needs its mailbox', (database) => {
  const snapshot = databaseSnapshotter(database);
  let a: Team;
  let b: Team;
  const anonymous = (clientAddress: string | null = null) =>
    createCaller({ operatorId: null, db: database().db as never, requestId: 'req_test', clientAddress });
  const invite = (team: Team, email: string, role: 'admin' | 'operator' | 'viewer') =>
    team.as('admin').members.invite({ platformId: team.platformId, email, role });
  const operatorByEmail = async (email: string) =>
    (await database().db.select().from(operators).where(eq(operators.email, email)))[0];
  const platformsOf = async (operatorId: string) =>
    (await listOperatorPlatforms({ db: database().db, actor: 'test' }, { operatorId })).map((m) => [
      m.platformId,
      m.role,
    ]);

  beforeAll(async () => {
    a = await createConsoleTeam(database().db);
    b = await createConsoleTeam(database().db);
  });

  it("the squat fails: A's admin holding A's link cannot create the victim's account; the victim later joins B by mail", async () => {
    const victim = fresh('victim');
    const fromA = tokenOf((await invite(a, victim, 'viewer')).acceptPath);

    // A's admin opens the link: all it does is mail the victim's mailbox, which A's admin does not read.
    expect(await anonymous().invitations.requestSignUpMail({ token: fromA })).toEqual({ mailed: true });
    const [mailed] = await mailsTo(victim);
    expect(mailed!.to).toEqual([victim]);
    expect(linkToken(mailed, '/sign-up/')).toMatch(/^[0-9A-Za-z]{43}$/);
    // The invitation's own token is not a sign-up link, and guessing one gets nowhere.
    for (const token of [fromA, randomBase62(43)]) {
      expect(
        await trpcFailure(
          anonymous().invitations.completeSignUp({ token, name: 'Not the victim', password: 'chosen-by-a-admin-1' }),
        ),
      ).toEqual({ code: 'BAD_REQUEST', appCode: 'invalid_state' });
    }
    expect(await operatorByEmail(victim)).toBeUndefined();
    // The stored link is a hash: the database holds nothing a reader could use.
    const stored = await database().db.select().from(accountMailTokens).where(eq(accountMailTokens.email, victim));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.tokenHash).not.toContain(linkToken(mailed, '/sign-up/')!);

    // B invites the victim as admin; the victim reads B's mail and creates the account from its link.
    const fromB = tokenOf((await invite(b, victim, 'admin')).acceptPath);
    await anonymous().invitations.requestSignUpMail({ token: fromB, locale: 'en' });
    const signUp = linkToken((await mailsTo(victim)).at(-1), '/sign-up/')!;
    // Only the newest mail's link works: A's earlier one was replaced.
    expect(
      await trpcFailure(
        anonymous().invitations.completeSignUp({
          token: linkToken(mailed, '/sign-up/')!,
          name: 'Late',
          password: 'a-long-enough-password',
        }),
      ),
    ).toEqual({ code: 'CONFLICT', appCode: 'state_already_used' });
    const joined = await anonymous().invitations.completeSignUp({
      token: signUp,
      name: 'The Victim',
      password: 'victims-own-password',
      locale: 'en',
    });
    expect(joined).toEqual({ platformId: b.platformId, role: 'admin', email: victim });
    const account = (await verifyOperatorCredentials(
      { db: database().db, actor: 'test' },
      { email: victim, password: 'victims-own-password' },
    ))!;
    expect(await platformsOf(account.id)).toEqual([[b.platformId, 'admin']]);
    // The sign-up link works once.
    expect(
      await trpcFailure(
        anonymous().invitations.completeSignUp({ token: signUp, name: 'Again', password: 'another-password-1' }),
      ),
    ).toEqual({ code: 'CONFLICT', appCode: 'state_already_used' });
    // A's invitation is still there for the victim to accept by signing in, and gives A's admin nothing.
    expect(await findInvitation({ db: database().db, actor: 'test' }, { token: fromA })).toMatchObject({
      status: 'pending',
    });
    const entries = await database().db.select().from(auditLog).where(eq(auditLog.platformId, b.platformId));
    expect(entries.filter((e) => e.action === 'member.invitation_accept')).toEqual([
      expect.objectContaining({ actorId: account.id, actorName: 'The Victim', targetType: 'invitation' }),
    ]);
  });

  it('asking for the sign-up mail answers the same for an address with an account and one without', async () => {
    const known = fresh('known');
    await createOperator(
      { db: database().db, actor: 'test' },
      { email: known, password: 'a-long-password-1', platformId: b.platformId, role: 'viewer', locale: 'en' },
    );
    const unknown = fresh('unknown');
    const answers = [];
    for (const email of [known, unknown]) {
      const token = tokenOf((await invite(a, email, 'operator')).acceptPath);
      const view = await findInvitation({ db: database().db, actor: 'test' }, { token });
      answers.push({
        mailed: await anonymous().invitations.requestSignUpMail({ token }),
        view: { ...view, email: undefined, expiresAt: undefined },
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    // Each mailbox got one mail; only the owner can tell which kind (in the account's own language for the known).
    const [toKnown] = await mailsTo(known);
    const [toUnknown] = await mailsTo(unknown);
    expect(linkToken(toKnown, '/sign-up/')).toBeUndefined();
    expect(toKnown!.subject).toMatch(/^Join /);
    expect(linkToken(toUnknown, '/sign-up/')).toBeDefined();
    expect(toUnknown!.subject).toMatch(/^创建账号以加入/);
  });

  it('password reset: same answer for any address, a single-use link, the new password works and every session ends', async () => {
    const email = fresh('forgetful');
    const { operatorId } = await createOperator(
      { db: database().db, actor: 'test' },
      { email, password: 'the-old-password-1', platformId: a.platformId, role: 'operator' },
    );
    const versionBefore = (await operatorByEmail(email))!.sessionVersion;
    const nobody = fresh('nobody');
    expect(await anonymous().passwordReset.request({ email: email.toUpperCase() })).toEqual({ mailed: true });
    expect(await anonymous().passwordReset.request({ email: nobody })).toEqual({ mailed: true });
    expect(linkToken((await mailsTo(nobody))[0], '/reset-password/')).toBeUndefined();
    const token = linkToken((await mailsTo(email))[0], '/reset-password/')!;
    expect(token).toMatch(/^[0-9A-Za-z]{43}$/);

    // Same strength rule as everywhere: too short is refused and changes nothing.
    const before = await snapshot();
    expect(await trpcFailure(anonymous().passwordReset.complete({ token, password: 'short-1' }))).toEqual({
      code: 'BAD_REQUEST',
      appCode: 'invalid_request',
    });
    expect(changedTables(before, await snapshot())).toEqual([]);

    expect(await anonymous().passwordReset.complete({ token, password: 'the-new-password-1' })).toEqual({ email });
    const check = (password: string) =>
      verifyOperatorCredentials({ db: database().db, actor: 'test' }, { email, password });
    expect(await check('the-old-password-1')).toBeNull();
    expect(await check('the-new-password-1')).toMatchObject({ id: operatorId });
    expect((await operatorByEmail(email))!.sessionVersion).toBe(versionBefore + 1);
    expect(await trpcFailure(anonymous().passwordReset.complete({ token, password: 'a-third-password-1' }))).toEqual({
      code: 'CONFLICT',
      appCode: 'state_already_used',
    });
    expect(await check('the-new-password-1')).toMatchObject({ id: operatorId });
    const entries = await database().db.select().from(auditLog).where(eq(auditLog.platformId, a.platformId));
    expect(entries.filter((e) => e.action === 'operator.password_reset' && e.targetId === operatorId)).toHaveLength(1);

    // An expired link is refused with its reason.
    await anonymous().passwordReset.request({ email });
    const late = linkToken((await mailsTo(email)).at(-1), '/reset-password/')!;
    await database()
      .db.update(accountMailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountMailTokens.email, email));
    await expect(
      anonymous().passwordReset.complete({ token: late, password: 'a-fourth-password-1' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: { errors: [{ pointer: '/token', code: 'expired' }] } });
  });

  it('mail requests are throttled per address and per client address, known or not', async () => {
    const email = fresh('flooded');
    for (let i = 0; i < MAIL_THROTTLE.addressThreshold; i++)
      expect(await anonymous().passwordReset.request({ email })).toEqual({ mailed: true });
    expect(await trpcFailure(anonymous().passwordReset.request({ email }))).toEqual({
      code: 'TOO_MANY_REQUESTS',
      appCode: 'rate_limited',
    });
    expect(await mailsTo(email)).toHaveLength(MAIL_THROTTLE.addressThreshold);

    const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < MAIL_THROTTLE.clientThreshold; i++)
      await anonymous(address).passwordReset.request({ email: fresh(`spray-${i}`) });
    const last = fresh('spray-last');
    expect(await trpcFailure(anonymous(address).passwordReset.request({ email: last }))).toEqual({
      code: 'TOO_MANY_REQUESTS',
      appCode: 'rate_limited',
    });
    expect(await mailsTo(last)).toEqual([]);
  });

  it('no mail holds a token in the log, and the file transport writes only under MAIL_DIR', async () => {
    const log = await readFile(process.env.LOG_FILE!, 'utf8');
    const tokens = (await sentMails())
      .flatMap((m) => [linkToken(m, '/sign-up/'), linkToken(m, '/reset-password/')])
      .filter(Boolean);
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).toContain('"toDomain":"example.com"');
    // Nothing in the log names a mailed address in full.
    for (const to of (await sentMails()).flatMap((m) => m.to)) expect(log).not.toContain(to);
  });
});
