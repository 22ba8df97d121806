import { beforeAll, expect, it } from 'vitest';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { verifyOperatorCredentials } from '@/server/services/operators/verify-operator-credentials';
import { createOperator } from '@/server/services/operators/create-operator';
import { createConsoleTeam, trpcFailure as failure, type Role } from '../support/console-team';
import { signUpByMail } from '../support/mailbox';
import { describeEachDatabase } from '../support/databases';

describeEachDatabase('console members and roles (members router)', (database) => {
  let seq = 0;
  const email = (role: string) => `${role}-${Date.now()}-${++seq}@example.com`;
  const team = () => createConsoleTeam(database().db);

  let main: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof team>>;
  beforeAll(async () => {
    main = await team();
    other = await team();
  });

  it('lists members with roles, admins first; only admins may see the list', async () => {
    const { platformId } = main;
    const list = await main.as('admin').members.list({ platformId });
    expect(list.data.map((m) => m.role)).toEqual(['admin', 'operator', 'viewer']);
    expect(list.data[0]).toEqual({
      operatorId: main.ids.admin,
      email: expect.stringMatching(/^admin-/),
      name: null,
      role: 'admin',
      memberSince: expect.any(String),
    });
    expect(list.data[0]).not.toHaveProperty('passwordHash');
    expect(await failure(main.as('operator').members.list({ platformId }))).toEqual({
      code: 'FORBIDDEN',
      appCode: undefined,
    });
    expect(await failure(main.as('viewer').members.list({ platformId }))).toEqual({
      code: 'FORBIDDEN',
      appCode: undefined,
    });
    expect(await failure(other.as('admin').members.list({ platformId }))).toEqual({
      code: 'NOT_FOUND',
      appCode: undefined,
    });
  });

  it('invites a new e-mail as an operator: a single-use link, no password; accepting it makes the member', async () => {
    const { platformId } = main;
    const address = email('New.Person');
    const invited = await main
      .as('admin')
      .members.invite({ platformId, email: address.toUpperCase(), role: 'operator' });
    expect(invited).toEqual({
      invitation: {
        id: expect.stringMatching(/^inv_/),
        email: address.toLowerCase(),
        role: 'operator',
        invitedBy: expect.stringMatching(/^admin-/),
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        expired: false,
      },
      acceptPath: expect.stringMatching(/^\/invitations\/[0-9A-Za-z]{43}$/),
    });
    // Seven days to accept; until then nobody is a member and no account exists.
    expect(Date.parse(invited.invitation.expiresAt) - Date.parse(invited.invitation.createdAt)).toBe(
      7 * 24 * 3600 * 1000,
    );
    expect((await main.as('admin').members.list({ platformId })).data.map((m) => m.email)).not.toContain(
      address.toLowerCase(),
    );
    const token = invited.acceptPath.split('/').at(-1)!;
    const joined = await signUpByMail(main.asOperator(null as never), {
      token,
      name: 'New Person',
      password: 'their-own-password',
    });
    const signedIn = (await verifyOperatorCredentials(
      { db: database().db, actor: 'test' },
      { email: address, password: 'their-own-password' },
    ))!;
    expect(joined).toEqual({ platformId, role: 'operator', email: address.toLowerCase() });
    expect(await listOperatorPlatforms({ db: database().db, actor: 'test' }, { operatorId: signedIn.id })).toEqual([
      expect.objectContaining({ platformId, role: 'operator' }),
    ]);

    // Again: already a member, 409, nothing changed (and no new link).
    expect(await failure(main.as('admin').members.invite({ platformId, email: address, role: 'admin' }))).toEqual({
      code: 'CONFLICT',
      appCode: 'conflict',
    });
    expect(
      (await main.as('admin').members.list({ platformId })).data.find((m) => m.operatorId === signedIn.id)?.role,
    ).toBe('operator');
    expect((await main.as('admin').members.invitations({ platformId })).data.map((i) => i.email)).not.toContain(
      address.toLowerCase(),
    );
  });

  it('invites an existing operator (of another platform) without attaching them: only their own session accepts', async () => {
    const { platformId } = main;
    const address = email('shared');
    const existing = await createOperator(
      { db: database().db, actor: 'test' },
      {
        email: address,
        password: 'their-own-password',
        platformId: other.platformId,
        role: 'admin',
      },
    );
    const invited = await main.as('admin').members.invite({ platformId, email: address, role: 'viewer' });
    expect(invited.invitation).not.toHaveProperty('operatorId');
    expect(
      await listOperatorPlatforms({ db: database().db, actor: 'test' }, { operatorId: existing.operatorId }),
    ).toEqual([expect.objectContaining({ platformId: other.platformId, role: 'admin' })]);
    await main.asOperator(existing.operatorId).invitations.accept({ token: invited.acceptPath.split('/').at(-1)! });
    expect(
      await verifyOperatorCredentials(
        { db: database().db, actor: 'test' },
        { email: address, password: 'their-own-password' },
      ),
    ).not.toBeNull();
    const roles = (
      await listOperatorPlatforms({ db: database().db, actor: 'test' }, { operatorId: existing.operatorId })
    ).map((m) => [m.platformId, m.role]);
    expect(roles).toEqual(
      expect.arrayContaining([
        [platformId, 'viewer'],
        [other.platformId, 'admin'],
      ]),
    );
  });

  it('refuses bad input with a field pointer, and non-admins with FORBIDDEN', async () => {
    const { platformId } = main;
    expect(
      await failure(main.as('admin').members.invite({ platformId, email: 'not-an-email', role: 'viewer' })),
    ).toEqual({ code: 'BAD_REQUEST', appCode: 'invalid_request' });
    expect(
      await failure(main.as('admin').members.invite({ platformId, email: email('x'), role: 'owner' as Role })),
    ).toEqual({ code: 'BAD_REQUEST', appCode: 'invalid_request' });
    expect(
      await failure(main.as('operator').members.invite({ platformId, email: email('x'), role: 'viewer' })),
    ).toEqual({ code: 'FORBIDDEN', appCode: undefined });
    expect(
      await failure(main.as('viewer').members.changeRole({ platformId, operatorId: main.ids.viewer, role: 'admin' })),
    ).toEqual({ code: 'FORBIDDEN', appCode: undefined });
    expect(await failure(main.as('viewer').members.remove({ platformId, operatorId: main.ids.admin }))).toEqual({
      code: 'FORBIDDEN',
      appCode: undefined,
    });
  });

  it('changes roles and removes members; the last admin can be neither demoted nor removed (409)', async () => {
    const t = await team();
    const admin = t.as('admin');
    const { platformId } = t;
    expect(await failure(admin.members.changeRole({ platformId, operatorId: t.ids.admin, role: 'operator' }))).toEqual({
      code: 'CONFLICT',
      appCode: 'conflict',
    });
    expect(await failure(admin.members.remove({ platformId, operatorId: t.ids.admin }))).toEqual({
      code: 'CONFLICT',
      appCode: 'conflict',
    });

    expect(await admin.members.changeRole({ platformId, operatorId: t.ids.viewer, role: 'admin' })).toMatchObject({
      operatorId: t.ids.viewer,
      role: 'admin',
    });
    // The promoted viewer now holds admin rights on the server.
    expect((await t.as('viewer').apiKeys.list({ platformId })).length).toBeGreaterThan(0);
    expect(await admin.members.changeRole({ platformId, operatorId: t.ids.admin, role: 'viewer' })).toMatchObject({
      role: 'viewer',
    });
    expect(await failure(t.as('admin').apiKeys.list({ platformId }))).toEqual({
      code: 'FORBIDDEN',
      appCode: undefined,
    });
    const newAdmin = t.as('viewer');
    expect(await failure(newAdmin.members.remove({ platformId, operatorId: t.ids.viewer }))).toEqual({
      code: 'CONFLICT',
      appCode: 'conflict',
    });

    expect(await newAdmin.members.remove({ platformId, operatorId: t.ids.operator })).toEqual({
      operatorId: t.ids.operator,
      removed: true,
    });
    expect(await failure(t.as('operator').subMerchantConsole.queue({ platformId }))).toEqual({
      code: 'NOT_FOUND',
      appCode: undefined,
    });
    expect(await failure(newAdmin.members.remove({ platformId, operatorId: t.ids.operator }))).toEqual({
      code: 'NOT_FOUND',
      appCode: 'not_found',
    });
    // Another platform's operator is not found here, whatever their id.
    expect(
      await failure(newAdmin.members.changeRole({ platformId, operatorId: other.ids.admin, role: 'viewer' })),
    ).toEqual({ code: 'NOT_FOUND', appCode: 'not_found' });
    expect(
      (await other.as('admin').members.list({ platformId: other.platformId })).data.find(
        (m) => m.operatorId === other.ids.admin,
      )?.role,
    ).toBe('admin');
  });

  it('two admins demoting each other at the same moment: exactly one succeeds, one admin remains', async () => {
    const t = await team();
    const { platformId } = t;
    await t.as('admin').members.changeRole({ platformId, operatorId: t.ids.operator, role: 'admin' });
    const results = await Promise.all([
      failure(t.as('admin').members.changeRole({ platformId, operatorId: t.ids.operator, role: 'viewer' })),
      failure(t.as('operator').members.changeRole({ platformId, operatorId: t.ids.admin, role: 'viewer' })),
    ]);
    // The loser is refused in the service (CONFLICT: the lock made it see one admin left) or, when the winner
    // committed before the loser's role check, by that check (FORBIDDEN: no longer an admin). Never both OK.
    expect(results.filter((r) => r.code === 'OK')).toHaveLength(1);
    expect(['CONFLICT', 'FORBIDDEN']).toContain(results.find((r) => r.code !== 'OK')?.code);
    // Whoever demoted the other first is the one admin left.
    const survivor = results[0]!.code === 'OK' ? t.as('admin') : t.as('operator');
    const admins = await survivor.members.list({ platformId });
    expect(admins.data.filter((m) => m.role === 'admin')).toHaveLength(1);
  });
});
