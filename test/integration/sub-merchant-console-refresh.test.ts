import { TRPCError } from '@trpc/server';
import { beforeAll, expect, it } from 'vitest';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createOperator } from '@/server/services/operators/create-operator';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { completeFormData, serviceUploader } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';

const createCaller = createCallerFactory(appRouter);

describeEachDatabase('subMerchantConsole.refresh asks the upstream now', (database) => {
  const sandbox = useSandboxOverHttp();
  let platformId: string;
  let apiKey: string;
  const operators = { operator: '', viewer: '' };
  const as = (who: keyof typeof operators) =>
    createCaller({ operatorId: operators[who], db: database().db, requestId: 'req_test' });

  beforeAll(async () => {
    ({ platformId, apiKey } = await createPlatformWithKey(database().db));
    for (const role of ['operator', 'viewer'] as const) {
      operators[role] = (
        await createOperator(
          { db: database().db, actor: 'test' },
          {
            email: `${role}-${Date.now()}@example.com`,
            password: 'a-long-password-1',
            platformId,
            role,
          },
        )
      ).operatorId;
    }
  });

  it('brings a rejection with its reasons on formData fields, then the finished state and sub-merchant id', async () => {
    const { record } = await as('operator').subMerchants.create({
      platformId,
      provider: 'providerA',
      distributorExternalUserId: 'refresh-1',
    });
    const submitted = await as('operator').subMerchants.submit({
      platformId,
      id: record.id,
      formData: await completeFormData(serviceUploader(database().db, platformId), 'providerA'),
    });
    const applymentId = submitted.record.chApplymentId!;
    await sandbox.control(apiKey, 'POST', `/providerA/applyments/${applymentId}`, {
      state: 'rejected',
      rejectReasons: [{ field: 'id_card_copy', reason: '身份证照片模糊' }],
    });
    expect((await as('operator').subMerchants.get({ platformId, id: record.id })).chApplymentState).not.toBe(
      'rejected',
    );

    const rejected = await as('operator').subMerchantConsole.refresh({ platformId, id: record.id });
    expect(rejected).toMatchObject({
      chApplymentState: 'rejected',
      rejectReasons: [{ field: 'idCardCopy', reason: '身份证照片模糊' }],
    });
    expect(rejected.lastSyncedAt).toBeTruthy();

    const images = await completeFormData(serviceUploader(database().db, platformId), 'providerA');
    const again = await as('operator').subMerchants.submit({
      platformId,
      id: record.id,
      formData: { idCardCopy: images.idCardCopy },
    });
    await sandbox.control(apiKey, 'POST', `/providerA/applyments/${again.record.chApplymentId}`, { state: 'finished' });
    const active = await as('operator').subMerchantConsole.refresh({ platformId, id: record.id });
    expect(active).toMatchObject({ status: 'active', chApplymentState: 'finished' });
    expect(active.chSubMchid).toBeTruthy();
    const history = await as('viewer').subMerchants.history({ platformId, id: record.id });
    expect(history.map((h) => h.action)).toContain('upstream_status');
  });

  it('leaves a never-submitted record as it is, and refuses a viewer (FORBIDDEN) and unknown ids (NOT_FOUND)', async () => {
    const { record } = await as('operator').subMerchants.create({
      platformId,
      provider: 'providerA',
      distributorExternalUserId: 'refresh-2',
    });
    const refreshed = await as('operator').subMerchantConsole.refresh({ platformId, id: record.id });
    expect(refreshed).toMatchObject({ id: record.id, chApplymentState: undefined, updatedAt: record.updatedAt });
    const code = (error: unknown) => (error instanceof TRPCError ? error.code : 'not a TRPCError');
    expect(await as('viewer').subMerchantConsole.refresh({ platformId, id: record.id }).catch(code)).toBe('FORBIDDEN');
    expect(await as('operator').subMerchantConsole.refresh({ platformId, id: 'sm_missing' }).catch(code)).toBe(
      'NOT_FOUND',
    );
  });
});
