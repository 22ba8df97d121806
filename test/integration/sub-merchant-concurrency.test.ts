import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subMerchants } from '@/server/db/schema';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { completeFormData, paymentsApi } from '../support/onboarding';
import { useSandboxOverHttp } from '../support/sandbox-server';

describeEachDatabase('sub-merchant concurrency', (database) => {
  const sandbox = useSandboxOverHttp();
  let platformId: string;
  let api: ReturnType<typeof paymentsApi>;
  beforeAll(async () => {
    const platform = await createPlatformWithKey(database().db);
    platformId = platform.platformId;
    api = paymentsApi(platform.apiKey);
  });

  it('50 concurrent creates of one distributor make one record; the rest get it back with 200', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => api.create({ distributorExternalUserId: 'seller-race' })));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(49);
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    const rows = await database().db.select().from(subMerchants).where(and(eq(subMerchants.platformId, platformId), eq(subMerchants.distributorExternalUserId, 'seller-race')));
    expect(rows).toHaveLength(1);
  });

  it("50 concurrent creates of the platform's own record (no distributor) make one record", async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => api.create({})));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    const rows = await database().db.select().from(subMerchants).where(and(eq(subMerchants.platformId, platformId), isNull(subMerchants.distributorExternalUserId)));
    expect(rows).toHaveLength(1);
  });

  it('10 concurrent submits of one record make exactly one upstream application; the others replay', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'seller-submit-race' });
    const formData = await completeFormData('providerA');
    const responses = await Promise.all(Array.from({ length: 10 }, () => api.submit(body.id, { formData })));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => r.body.replayed === false)).toHaveLength(1);
    const applymentId = responses[0]!.body.chApplymentId as string;
    expect(responses.every((r) => r.body.chApplymentId === applymentId)).toBe(true);
    const upstream = (await sandbox.control('GET', '/providerA/applyments')).body!.data as { applymentId?: string }[];
    expect(upstream.filter((a) => JSON.stringify(a).includes(applymentId))).toHaveLength(1);
  });
});
