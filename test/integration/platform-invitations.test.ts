/**
 * Membership by invitation, so that "add member" cannot take over an account across platforms: the attack is
 * platform B's admin inviting an e-mail with no account, keeping whatever that yields, and waiting for platform A
 * to add the same e-mail as admin. Adding a member is a single-use, expiring, hashed invitation the person
 * accepts themselves, and an existing account is attached only by that account's own session.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { memberships, operators, platformInvitations } from '@/server/db/schema';
import { randomBase62 } from '@/server/ids';
import { createOperator } from '@/server/services/operators/create-operator';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { verifyOperatorCredentials } from '@/server/services/operators/verify-operator-credentials';
import { findInvitation } from '@/server/services/invitations/find-invitation';
import { createConsoleTeam, trpcFailure } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { changedTables, databaseSnapshotter } from '../support/db-snapshot';
import { linkToken, mailsTo, signUpByMail } from '../support/mailbox';

type Team = Awaited<ReturnType<typeof createConsoleTeam>>;
const tokenOf = (acceptPath: string) => acceptPath.split('/').at(-1)!;
const fresh = (label: string) => `${label}-${Date.now()}-${randomBase62(6)}@example.com`.toLowerCase();

describeEachDatabase('membership by invitation', (database) => {
  const snapshot = databaseSnapshotter(database);
  let a: Team;
  let b: Team;
  const anonymous = () => a.asOperator(null as unknown as string);
  const invite = (team: Team, email: string, role: 'admin' | 'operator' | 'viewer') =>
    team.as('admin').members.invite({ platformId: team.platformId, email, role });
  const platformsOf = async (operatorId: string) =>
    (await listOperatorPlatforms({ db: database().db, actor: 'test' }, { operatorId })).map((m) => [
      m.platformId,
      m.role,
    ]);
  const operatorByEmail = async (email: string) =>
    (await database().db.select().from(operators).where(eq(operators.email, email)))[0];

  beforeAll(async () => {
    a = await createConsoleTeam(database().db);
    b = await createConsoleTeam(database().db);
  });

  it('an existing account joins only by its own session: the link alone, another session or a new-account attempt attach nothing', async () => {
    const x = fresh('existing');
    const own = await createOperator(
      { db: database().db, actor: 'test' },
      {
        email: x,
        password: 'x-own-password-1',
        platformId: b.platformId,
        role: 'operator',
      },
    );
    const token = tokenOf((await invite(a, x, 'admin')).acceptPath);

    // "Create an account" answers as for any address, but what reaches X's mailbox is a note to sign in: no link
    // that creates or changes an account.
    expect(await anonymous().invitations.requestSignUpMail({ token })).toEqual({ mailed: true });
    const [note] = await mailsTo(x);
    expect(linkToken(note, '/sign-up/')).toBeUndefined();
    expect(linkToken(note, '/invitations/')).toBe(token);
    const before = await snapshot();
    expect(await trpcFailure(b.as('admin').invitations.accept({ token }))).toEqual({
      code: 'FORBIDDEN',
      appCode: 'forbidden',
    });
    expect(await trpcFailure(anonymous().invitations.accept({ token }))).toEqual({
      code: 'UNAUTHORIZED',
      appCode: undefined,
    });
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect(
      await verifyOperatorCredentials({ db: database().db, actor: 'test' }, { email: x, password: 'x-own-password-1' }),
    ).toMatchObject({ id: own.operatorId });
    expect(
      await verifyOperatorCredentials(
        { db: database().db, actor: 'test' },
        { email: x, password: 'someone-elses-password' },
      ),
    ).toBeNull();

    // X signed in (proved the account is theirs) and accepts: now admin on A, still operator on B.
    expect(await a.asOperator(own.operatorId).invitations.accept({ token })).toEqual({
      platformId: a.platformId,
      role: 'admin',
    });
    expect(await platformsOf(own.operatorId)).toEqual(
      expect.arrayContaining([
        [a.platformId, 'admin'],
        [b.platformId, 'operator'],
      ]),
    );
    expect((await a.asOperator(own.operatorId).apiKeys.list({ platformId: a.platformId })).length).toBeGreaterThan(0);
  });

  it('a new e-mail: the person sets their name and password (12+ characters), the account and membership appear together', async () => {
    const x = fresh('Newcomer').toUpperCase();
    const token = tokenOf((await invite(a, x, 'operator')).acceptPath);
    const short = await trpcFailure(signUpByMail(anonymous(), { token, name: 'New Person', password: 'short-1' }));
    expect(short).toEqual({ code: 'BAD_REQUEST', appCode: 'invalid_request' });
    expect(
      await trpcFailure(signUpByMail(anonymous(), { token, name: ' ', password: 'a-long-enough-password' })),
    ).toEqual({ code: 'BAD_REQUEST', appCode: 'invalid_request' });
    expect(await operatorByEmail(x.toLowerCase())).toBeUndefined();

    const joined = await signUpByMail(anonymous(), {
      token,
      name: 'New Person',
      password: 'a-long-enough-password',
      locale: 'en',
    });
    expect(joined).toEqual({ platformId: a.platformId, role: 'operator', email: x.toLowerCase() });
    const created = (await operatorByEmail(x.toLowerCase()))!;
    expect(created).toMatchObject({ name: 'New Person', locale: 'en', passwordMustChange: false });
    expect(created.passwordHash).toMatch(/^\$argon2id\$/);
    expect(
      await verifyOperatorCredentials(
        { db: database().db, actor: 'test' },
        { email: x, password: 'a-long-enough-password' },
      ),
    ).toMatchObject({
      id: created.id,
    });
    expect(await platformsOf(created.id)).toEqual([[a.platformId, 'operator']]);
    expect(await a.asOperator(created.id).subMerchantConsole.queue({ platformId: a.platformId })).toMatchObject({
      data: expect.any(Array),
    });
    expect(await trpcFailure(a.asOperator(created.id).apiKeys.list({ platformId: a.platformId }))).toEqual({
      code: 'FORBIDDEN',
      appCode: undefined,
    });
  });

  it('the invite answer is the same for an e-mail with an account elsewhere and one without, and names no operator', async () => {
    const known = fresh('known');
    const existing = await createOperator(
      { db: database().db, actor: 'test' },
      {
        email: known,
        password: 'a-long-password-1',
        platformId: b.platformId,
        role: 'admin',
      },
    );
    const unknown = fresh('unknown');
    const answers = [await invite(a, known, 'viewer'), await invite(a, unknown, 'viewer')];
    const shape = (answer: (typeof answers)[number], email: string) =>
      JSON.stringify(answer)
        .split(email)
        .join('<email>')
        .replace(/inv_[0-9A-Za-z]{22}/g, '<id>')
        .replace(/\/invitations\/[0-9A-Za-z]{43}/, '/invitations/<token>')
        .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>');
    expect(shape(answers[0]!, known)).toBe(shape(answers[1]!, unknown));
    expect(JSON.stringify(answers[0])).not.toContain(existing.operatorId);
    // Bad e-mails and re-invites of a pending e-mail answer alike too.
    for (const email of [known, unknown]) {
      expect(
        await trpcFailure(
          a.as('admin').members.invite({ platformId: a.platformId, email: `${email}@`, role: 'viewer' }),
        ),
      ).toEqual({ code: 'BAD_REQUEST', appCode: 'invalid_request' });
    }
    // The pending list shows both the same way, and nothing of them appears on B (and B's invitations not on A).
    const listed = (await a.as('admin').members.invitations({ platformId: a.platformId })).data.filter(
      (i) => i.email === known || i.email === unknown,
    );
    expect(listed.map((i) => Object.keys(i).sort())).toEqual([
      Object.keys(listed[0]!).sort(),
      Object.keys(listed[0]!).sort(),
    ]);
    expect(listed[0]).toMatchObject({ role: 'viewer', expired: false, invitedBy: expect.stringMatching(/^admin-/) });
    expect(JSON.stringify(listed)).not.toContain(existing.operatorId);
    const onB = await invite(b, fresh('b-only'), 'viewer');
    const listOfB = JSON.stringify(await b.as('admin').members.invitations({ platformId: b.platformId }));
    expect(listOfB).not.toContain(known);
    expect(listOfB).not.toContain(unknown);
    expect(JSON.stringify(await a.as('admin').members.invitations({ platformId: a.platformId }))).not.toContain(
      onB.invitation.email,
    );
  });

  it('inviting a member of this platform is 409 already_member; a new invitation for a pending e-mail replaces the old link', async () => {
    const member = await a.as('admin').members.list({ platformId: a.platformId });
    const viewerEmail = member.data.find((m) => m.role === 'viewer')!.email;
    const refused = a
      .as('admin')
      .members.invite({ platformId: a.platformId, email: viewerEmail.toUpperCase(), role: 'admin' });
    await expect(refused).rejects.toMatchObject({
      code: 'CONFLICT',
      cause: { errors: [{ pointer: '/email', code: 'already_member' }] },
    });

    const x = fresh('twice');
    const first = tokenOf((await invite(a, x, 'viewer')).acceptPath);
    const second = tokenOf((await invite(a, x, 'operator')).acceptPath);
    expect(await findInvitation({ db: database().db, actor: 'test' }, { token: first })).toEqual({ status: 'revoked' });
    expect(
      await trpcFailure(signUpByMail(anonymous(), { token: first, name: 'X', password: 'a-long-enough-password' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      appCode: 'invalid_state',
    });
    expect(
      (await a.as('admin').members.invitations({ platformId: a.platformId })).data
        .filter((i) => i.email === x)
        .map((i) => i.role),
    ).toEqual(['operator']);
    expect(
      await signUpByMail(anonymous(), {
        token: second,
        name: 'X',
        password: 'a-long-enough-password',
      }),
    ).toMatchObject({ role: 'operator' });
  });

  it('single-use under a burst: 12 parallel new-account accepts and 12 parallel signed-in accepts each add exactly one membership', async () => {
    const x = fresh('burst-new');
    const token = tokenOf((await invite(a, x, 'operator')).acceptPath);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        trpcFailure(
          signUpByMail(anonymous(), {
            token,
            name: `Racer ${i}`,
            password: `racer-password-${i}-xyz`,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.code === 'OK')).toHaveLength(1);
    expect(results.filter((r) => r.code !== 'OK')).toEqual(
      Array.from({ length: 11 }, () => ({ code: 'CONFLICT', appCode: 'state_already_used' })),
    );
    expect(await database().db.select().from(operators).where(eq(operators.email, x))).toHaveLength(1);
    const joined = (await operatorByEmail(x))!;
    expect(await database().db.select().from(memberships).where(eq(memberships.operatorId, joined.id))).toHaveLength(1);

    const y = fresh('burst-existing');
    const existing = await createOperator(
      { db: database().db, actor: 'test' },
      { email: y, password: 'a-long-password-1' },
    );
    const again = tokenOf((await invite(a, y, 'viewer')).acceptPath);
    const signedIn = await Promise.all(
      Array.from({ length: 12 }, () =>
        trpcFailure(a.asOperator(existing.operatorId).invitations.accept({ token: again })),
      ),
    );
    expect(signedIn.filter((r) => r.code === 'OK')).toHaveLength(1);
    expect(
      signedIn.filter((r) => r.code !== 'OK').every((r) => r.code === 'CONFLICT' && r.appCode === 'state_already_used'),
    ).toBe(true);
    expect(await platformsOf(existing.operatorId)).toEqual([[a.platformId, 'viewer']]);
    const [row] = await database()
      .db.select()
      .from(platformInvitations)
      .where(eq(platformInvitations.tokenHash, createHash('sha256').update(again).digest('hex')));
    expect(row).toMatchObject({ acceptedBy: existing.operatorId, acceptedAt: expect.any(Date) });
  });

  it('expired, revoked and unknown links are refused with their reason and change nothing', async () => {
    const expiredEmail = fresh('expired');
    const expired = await invite(a, expiredEmail, 'admin');
    await database()
      .db.update(platformInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(platformInvitations.id, expired.invitation.id));
    const revokedEmail = fresh('revoked');
    const revoked = await invite(a, revokedEmail, 'admin');
    expect(
      await a.as('admin').members.revokeInvitation({ platformId: a.platformId, invitationId: revoked.invitation.id }),
    ).toEqual({
      invitationId: revoked.invitation.id,
      revoked: true,
    });
    const existing = await createOperator(
      { db: database().db, actor: 'test' },
      { email: fresh('late'), password: 'a-long-password-1' },
    );
    // The expired invitation stays listed (marked) for the admin; the revoked one is gone.
    const listed = (await a.as('admin').members.invitations({ platformId: a.platformId })).data;
    expect(listed.find((i) => i.id === expired.invitation.id)).toMatchObject({ expired: true });
    expect(listed.find((i) => i.id === revoked.invitation.id)).toBeUndefined();

    const cases = [
      { token: tokenOf(expired.acceptPath), code: 'expired', status: 'expired' },
      { token: tokenOf(revoked.acceptPath), code: 'revoked', status: 'revoked' },
      { token: randomBase62(43), code: 'unknown', status: 'unknown' },
    ];
    const before = await snapshot();
    for (const c of cases) {
      expect(await findInvitation({ db: database().db, actor: 'test' }, { token: c.token })).toEqual({
        status: c.status,
      });
      const asNew = signUpByMail(anonymous(), {
        token: c.token,
        name: 'Late',
        password: 'a-long-enough-password',
      });
      await expect(asNew).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        cause: { code: 'invalid_state', errors: [{ pointer: '/token', code: c.code }] },
      });
      const signedIn = a.asOperator(existing.operatorId).invitations.accept({ token: c.token });
      await expect(signedIn).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: { code: 'invalid_state' } });
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect(await operatorByEmail(expiredEmail)).toBeUndefined();
    expect(await operatorByEmail(revokedEmail)).toBeUndefined();
    // Revoking twice, or another platform's invitation, is 404 like an id that never existed.
    expect(
      await trpcFailure(
        a.as('admin').members.revokeInvitation({ platformId: a.platformId, invitationId: revoked.invitation.id }),
      ),
    ).toEqual({ code: 'NOT_FOUND', appCode: 'not_found' });
    expect(
      await trpcFailure(
        b.as('admin').members.revokeInvitation({ platformId: b.platformId, invitationId: expired.invitation.id }),
      ),
    ).toEqual({ code: 'NOT_FOUND', appCode: 'not_found' });
  });

  it('stores only the SHA-256 of the token; only admins invite, list and revoke', async () => {
    const created = await invite(a, fresh('hashed'), 'viewer');
    const token = tokenOf(created.acceptPath);
    const [row] = await database()
      .db.select()
      .from(platformInvitations)
      .where(eq(platformInvitations.id, created.invitation.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = JSON.stringify(await a.as('admin').members.invitations({ platformId: a.platformId }));
    expect(listed).not.toContain(token);
    expect(listed).not.toContain(row!.tokenHash);

    for (const role of ['operator', 'viewer'] as const) {
      const as = a.as(role).members;
      expect(await trpcFailure(as.invite({ platformId: a.platformId, email: fresh('nope'), role: 'admin' }))).toEqual({
        code: 'FORBIDDEN',
        appCode: undefined,
      });
      expect(await trpcFailure(as.invitations({ platformId: a.platformId }))).toEqual({
        code: 'FORBIDDEN',
        appCode: undefined,
      });
      expect(
        await trpcFailure(as.revokeInvitation({ platformId: a.platformId, invitationId: created.invitation.id })),
      ).toEqual({ code: 'FORBIDDEN', appCode: undefined });
    }
    expect(await trpcFailure(b.as('admin').members.invitations({ platformId: a.platformId }))).toEqual({
      code: 'NOT_FOUND',
      appCode: undefined,
    });
    const [pending] = await database()
      .db.select()
      .from(platformInvitations)
      .where(and(eq(platformInvitations.id, created.invitation.id)));
    expect(pending).toMatchObject({ acceptedAt: null, revokedAt: null });
  });
});
