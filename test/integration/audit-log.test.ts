import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, operators, subMerchants } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createOperator } from '@/server/services/operators/create-operator';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';

const createCaller = createCallerFactory(appRouter);

describeEachDatabase('accountability: audit log and history say who acted and why', (database) => {
  let platformId: string;
  const ids = { admin: '', operator: '' };
  const as = (who: keyof typeof ids) =>
    createCaller({ operatorId: ids[who], db: database().db, requestId: 'req_test' });

  beforeAll(async () => {
    const db = database().db;
    ({ platformId } = await createPlatformWithKey(db));
    for (const role of ['admin', 'operator'] as const) {
      ids[role] = (
        await createOperator(
          { db, actor: 'test' },
          { email: `${role}-${Date.now()}@example.com`, password: 'a-long-password-1', platformId, role },
        )
      ).operatorId;
    }
    await db.update(operators).set({ name: '王小明' }).where(eq(operators.id, ids.admin));
  });

  it('logs key creation and revocation, role changes, removal and webhook rotation with the admin’s name and reason', async () => {
    const key = await as('admin').apiKeys.create({ platformId, name: 'ERP sync', reason: '新 ERP 对接' });
    await as('admin').apiKeys.revoke({ platformId, keyId: key.id, reason: '密钥泄露' });
    await as('admin').apiKeys.revoke({ platformId, keyId: key.id, reason: 'again' }); // no second entry
    await as('admin').members.changeRole({ platformId, operatorId: ids.operator, role: 'viewer', reason: '调岗' });
    await as('admin').events.rotateWebhookSecret({ platformId, reason: '季度轮换' });
    await as('admin').members.invite({ platformId, email: 'new@example.com', role: 'operator' });
    await as('admin').members.remove({ platformId, operatorId: ids.operator, reason: '离职' });

    const log = await as('admin').auditLog.list({ platformId });
    // The fixture's own key was made by the test harness (a system actor): the oldest entry, not ours to check.
    expect(log.data.at(-1)).toMatchObject({ action: 'api_key.create', actorKind: 'system' });
    const byOperators = log.data.filter((e) => e.actorKind === 'operator').reverse();
    expect(byOperators.map((e) => [e.action, e.actorKind, e.actorName, e.reason ?? null, e.targetType])).toEqual([
      ['api_key.create', 'operator', '王小明', '新 ERP 对接', 'api_key'],
      ['api_key.revoke', 'operator', '王小明', '密钥泄露', 'api_key'],
      ['member.role_change', 'operator', '王小明', '调岗', 'operator'],
      ['webhook_secret.rotate', 'operator', '王小明', '季度轮换', 'platform'],
      ['member.invite', 'operator', '王小明', null, 'invitation'],
      ['member.remove', 'operator', '王小明', '离职', 'operator'],
    ]);
    expect(log.data.find((e) => e.action === 'member.role_change')!.details).toEqual({
      from: 'operator',
      to: 'viewer',
    });
    // The invited e-mail is personal data: not in the audit log.
    expect(JSON.stringify(log.data)).not.toContain('new@example.com');
  });

  it('pages the log with a cursor, and refuses a non-admin and an over-long reason', async () => {
    const first = await as('admin').auditLog.list({ platformId, limit: 2 });
    const second = await as('admin').auditLog.list({ platformId, limit: 2, cursor: first.nextCursor! });
    expect(first.data).toHaveLength(2);
    expect(second.data.map((e) => e.id)).not.toContain(first.data[0]!.id);
    expect(Date.parse(second.data[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(first.data[1]!.createdAt));
    const viewer = (
      await createOperator(
        { db: database().db, actor: 'test' },
        { email: `viewer-${Date.now()}@example.com`, password: 'a-long-password-1', platformId, role: 'viewer' },
      )
    ).operatorId;
    await expect(
      createCaller({ operatorId: viewer, db: database().db, requestId: 'r' }).auditLog.list({ platformId }),
    ).rejects.toSatisfy((error: unknown) => error instanceof TRPCError && error.code === 'FORBIDDEN');
    const before = (await as('admin').auditLog.list({ platformId })).data.length;
    await expect(as('admin').events.rotateWebhookSecret({ platformId, reason: 'x'.repeat(501) })).rejects.toSatisfy(
      (error: unknown) => error instanceof TRPCError && error.code === 'BAD_REQUEST',
    );
    expect((await as('admin').auditLog.list({ platformId })).data.length).toBe(before);
  });

  it('suspends a live merchant with a reason: in the history with the name, and in the audit log', async () => {
    const id = newId('sm');
    await database().db.insert(subMerchants).values({
      id,
      platformId,
      provider: 'providerA',
      status: 'active',
      chApplymentState: 'finished',
      chSubMchid: '1900000109',
    });
    await as('admin').subMerchants.update({ platformId, id, patch: { status: 'suspended', reason: '涉嫌违规经营' } });
    const history = await as('admin').subMerchants.history({ platformId, id });
    expect(history.map((h) => [h.actorKind, h.actorName, h.reason, h.changes.status?.to])).toEqual([
      ['operator', '王小明', '涉嫌违规经营', 'suspended'],
    ]);
    const log = await as('admin').auditLog.list({ platformId, limit: 1 });
    expect(log.data.map((e) => [e.action, e.targetId, e.reason, e.details])).toEqual([
      ['sub_merchant.suspend', id, '涉嫌违规经营', { from: 'active', to: 'suspended' }],
    ]);
    // A reason alone changes nothing and is refused.
    await expect(as('admin').subMerchants.update({ platformId, id, patch: { reason: 'why' } })).rejects.toSatisfy(
      (error: unknown) => error instanceof TRPCError && error.code === 'BAD_REQUEST',
    );
  });

  it('filters by action, actor and the operator’s days (a day in Asia/Shanghai starts at 16:00 UTC)', async () => {
    const db = database().db;
    await db.update(operators).set({ timeZone: 'Asia/Shanghai' }).where(eq(operators.id, ids.admin));
    const at = (iso: string) => ({
      id: newId('aud'),
      platformId,
      actorKind: 'apikey' as const,
      actorId: 'key_filter',
      actorName: 'ERP',
      action: 'mini_program.release',
      targetType: 'mini_program',
      targetId: 'wx-filter',
      createdAt: new Date(iso),
    });
    // 2025-03-10 in Shanghai runs from 03-09T16:00Z to 03-10T16:00Z.
    await db
      .insert(auditLog)
      .values([
        at('2025-03-09T15:59:59Z'),
        at('2025-03-09T16:00:00Z'),
        at('2025-03-10T15:59:59Z'),
        at('2025-03-10T16:00:00Z'),
      ]);
    const admin = as('admin');
    const day = await admin.auditLog.list({ platformId, from: '2025-03-10', to: '2025-03-10' });
    expect(day.data.map((e) => e.createdAt)).toEqual(['2025-03-10T15:59:59.000Z', '2025-03-09T16:00:00.000Z']);
    const releases = await admin.auditLog.list({ platformId, action: 'mini_program.release' });
    expect(releases.data).toHaveLength(4);
    const byKey = await admin.auditLog.list({
      platformId,
      actorKind: 'apikey',
      actorId: 'key_filter',
      to: '2025-03-09',
    });
    expect(byKey.data.map((e) => e.createdAt)).toEqual(['2025-03-09T15:59:59.000Z']);
    expect((await admin.auditLog.list({ platformId, actorKind: 'seller' })).data).toEqual([]);
    for (const bad of [{ action: 'drop.table' }, { actorKind: 'robot' }, { from: '2025-13-01' }, { to: 'yesterday' }])
      await expect(admin.auditLog.list({ platformId, ...bad } as never)).rejects.toSatisfy(
        (error: unknown) => error instanceof TRPCError && error.code === 'BAD_REQUEST',
      );
  });
});
