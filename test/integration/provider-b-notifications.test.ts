import { beforeAll, expect, it } from 'vitest';
import * as callbackRoute from '@/app/callbacks/providerB/route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { completeFormData, paymentsApi } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';

describeEachDatabase('providerB result notifications', (database) => {
  const sandbox = useSandboxOverHttp();
  let api: ReturnType<typeof paymentsApi>;
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    api = paymentsApi(platform.apiKey);
  });

  async function submitted(distributor: string) {
    const { body } = await api.create({ distributorExternalUserId: distributor, provider: 'providerB' });
    const result = await api.submit(body.id, { formData: await completeFormData(api, 'providerB') });
    expect(result.status).toBe(200);
    return result.body as { id: string; chApplymentId: string };
  }

  it('the signed push for a passed order makes the record active without waiting for the sync', async () => {
    const record = await submitted('push-passed');
    await sandbox.control(platform.apiKey, 'POST', `/providerB/applyments/${record.chApplymentId}`, {
      state: 'finished',
    });
    const after = (await api.get(record.id)).body;
    expect(after).toMatchObject({ status: 'active', chApplymentState: 'finished' });
    expect(after.chSubMchid).toBeTruthy();
  });

  it('the signed push for a rejected order stores the reasons', async () => {
    const record = await submitted('push-rejected');
    await sandbox.control(platform.apiKey, 'POST', `/providerB/applyments/${record.chApplymentId}`, {
      state: 'rejected',
      rejectReasons: [{ field: 'cert_no', reason: '营业执照号码有误' }],
    });
    const after = (await api.get(record.id)).body;
    expect(after.chApplymentState).toBe('rejected');
    expect(after.rejectReasons).toEqual([
      expect.objectContaining({ field: 'licenseNumber', reason: expect.stringContaining('营业执照') }),
    ]);
  });

  it('a forged or altered notification is refused and changes nothing', async () => {
    const record = await submitted('push-forged');
    const forged = new URLSearchParams({
      msg_method: 'ant.merchant.expand.indirect.zft.passed',
      app_id: '2021000122671080',
      notify_id: 'forged-1',
      biz_content: JSON.stringify({ order_id: record.chApplymentId, smid: '2088000000000000', external_id: 'x' }),
      sign_type: 'RSA2',
      sign: 'bm90IGEgc2lnbmF0dXJl',
    }).toString();
    const response = await callbackRoute.POST(
      new Request('http://localhost/callbacks/providerB', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: forged,
      }),
    );
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('fail');
    const after = (await api.get(record.id)).body;
    expect(after.status).toBe('pending');
    expect(after.chSubMchid).toBeUndefined();
  });
});
