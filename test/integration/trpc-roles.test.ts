import { TRPCError } from '@trpc/server';
import { beforeAll, expect, it } from 'vitest';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createOperator } from '@/server/services/operators/create-operator';
import { createPlatform } from '@/server/services/platforms/create-platform';
import { describeEachDatabase } from '../support/databases';

const createCaller = createCallerFactory(appRouter);

describeEachDatabase('tRPC membership and roles', (database) => {
  let platformId: string;
  let otherPlatformId: string;
  const operators: Record<'admin' | 'viewer' | 'outsider', string> = { admin: '', viewer: '', outsider: '' };
  const as = (who: keyof typeof operators | null) =>
    createCaller({ operatorId: who ? operators[who] : null, db: database().db, requestId: 'req_test' });

  beforeAll(async () => {
    platformId = (await createPlatform({ db: database().db, actor: 'test' }, { name: 'Roles' })).platform.id;
    otherPlatformId = (await createPlatform({ db: database().db, actor: 'test' }, { name: 'Elsewhere' })).platform.id;
    const stamp = Date.now();
    for (const role of ['admin', 'viewer'] as const) {
      operators[role] = (
        await createOperator(
          { db: database().db, actor: 'test' },
          {
            email: `${role}-${stamp}@example.com`,
            password: 'a-long-password-1',
            platformId,
            role,
          },
        )
      ).operatorId;
    }
    operators.outsider = (
      await createOperator(
        { db: database().db, actor: 'test' },
        {
          email: `outsider-${stamp}@example.com`,
          password: 'a-long-password-1',
          platformId: otherPlatformId,
          role: 'admin',
        },
      )
    ).operatorId;
  });

  const code = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(TRPCError);
      return (error as TRPCError).code;
    }
    return 'OK';
  };

  it('requires a signed-in operator', async () => {
    expect(await code(as(null).subMerchantConsole.queue({ platformId }))).toBe('UNAUTHORIZED');
  });

  it('lets an admin create, list and revoke keys, showing the secret only at creation', async () => {
    const created = await as('admin').apiKeys.create({ platformId, name: 'Backend', services: ['payments'] });
    expect(created.secret).toMatch(/^sk_test_/);
    const listed = await as('admin').apiKeys.list({ platformId });
    expect(listed.find((k) => k.id === created.id)).not.toHaveProperty('secret');
    const revoked = await as('admin').apiKeys.revoke({ platformId, keyId: created.id });
    expect(revoked.revokedAt).not.toBeNull();
  });

  it('lets a viewer read but not manage keys or config (403)', async () => {
    expect((await as('viewer').subMerchantConsole.queue({ platformId })).data).toEqual(expect.any(Array));
    expect(await code(as('viewer').apiKeys.create({ platformId }))).toBe('FORBIDDEN');
    expect(
      await code(
        as('viewer').platformConfig.set({ platformId, key: 'payments.notify_url', value: 'https://x.example' }),
      ),
    ).toBe('FORBIDDEN');
  });

  it('hides another platform entirely (404), even from an admin of that other platform', async () => {
    expect(await code(as('outsider').subMerchantConsole.queue({ platformId }))).toBe('NOT_FOUND');
    expect(await code(as('outsider').apiKeys.list({ platformId }))).toBe('NOT_FOUND');
  });

  it('maps service errors to tRPC with the field errors attached', async () => {
    expect(await code(as('admin').platformConfig.set({ platformId, key: 'nope', value: '1' }))).toBe('BAD_REQUEST');
    expect(await code(as('admin').apiKeys.revoke({ platformId, keyId: 'key_missing' }))).toBe('NOT_FOUND');
    expect(await code(as('admin').subMerchantConsole.queue({ platformId, limit: 0 }))).toBe('BAD_REQUEST');
    expect(await code(as('admin').apiKeys.create({ platformId, services: ['wallet' as 'payments'] }))).toBe(
      'BAD_REQUEST',
    );
  });
});
