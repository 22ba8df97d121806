import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subMerchants } from '@/server/db/schema';
import { submissionId } from '@/server/services/sub-merchants/submission-id';
import { onboardingProvider } from '@/server/upstreams/onboarding';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { completeFormData, paymentsApi } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';

describeEachDatabase('submit during upstream faults', (database) => {
  const sandbox = useSandboxOverHttp();
  let api: ReturnType<typeof paymentsApi>;
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    api = paymentsApi(platform.apiKey);
  });

  const upstreamApplications = async (provider: string, id: string) =>
    ((await sandbox.control(platform.apiKey, 'GET', `/${provider}/applyments`)).body!.data as unknown[]).filter((a) =>
      JSON.stringify(a).includes(id),
    );

  for (const provider of ['providerA', 'providerB'] as const) {
    const cases = [
      { name: '500s', fault: { status: 500, count: 3 }, status: 502, code: 'upstream_unavailable' },
      { name: '429s', fault: { status: 429, count: 3 }, status: 429, code: 'rate_limited' },
    ];
    for (const c of cases) {
      it(`${provider}: ${c.name} outlasting the retries → ${c.status} ${c.code}; the retry then makes exactly one application`, async () => {
        const { body } = await api.create({ distributorExternalUserId: `seller-${provider}-${c.name}`, provider });
        const formData = await completeFormData(api, provider);
        await sandbox.control(platform.apiKey, 'PUT', '/faults', [{ provider, ...c.fault }]);
        const failed = await api.submit(body.id, { formData });
        expect(failed.status).toBe(c.status);
        expect(failed.body.code).toBe(c.code);
        await sandbox.control(platform.apiKey, 'DELETE', '/faults');
        const retried = await api.submit(body.id, { formData });
        expect(retried.status).toBe(200);
        expect(retried.body.chApplymentId).toBeTruthy();
        expect(await upstreamApplications(provider, retried.body.chApplymentId)).toHaveLength(1);
      });
    }

    it(`${provider}: an upstream that accepts but answers too late → 504; the retry finds that application instead of making a second`, async () => {
      const { body } = await api.create({ distributorExternalUserId: `seller-${provider}-slow`, provider });
      const formData = await completeFormData(api, provider);
      // Slower than the client's timeout on every attempt; the sandbox still stores each request it gets.
      await sandbox.control(platform.apiKey, 'PUT', '/faults', [{ provider, latencyMs: 1800, count: 3 }]);
      const timedOut = await api.submit(body.id, { formData });
      expect(timedOut.status).toBe(504);
      expect(timedOut.body.code).toBe('upstream_timeout');
      expect((await api.get(body.id)).body.chApplymentState).toBe('submitted');
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await sandbox.control(platform.apiKey, 'DELETE', '/faults');
      const healed = await api.submit(body.id, {});
      expect(healed.status).toBe(200);
      expect(healed.body.replayed).toBe(true);
      expect(await upstreamApplications(provider, healed.body.chApplymentId)).toHaveLength(1);
    });
  }
});

describeEachDatabase('a status query held by an injected latency', (database) => {
  const sandbox = useSandboxOverHttp();

  it('providerA: answers with the state the application has when the sandbox lets the query through, not when it arrived', async () => {
    const platform = await createPlatformWithKey(database().db);
    const api = paymentsApi(platform.apiKey);
    const { body } = await api.create({ distributorExternalUserId: 'seller-held-query', provider: 'providerA' });
    const submitted = await api.submit(body.id, { formData: await completeFormData(api, 'providerA') });
    expect(submitted.body.chApplymentState).toBe('auditing');
    const [row] = await database().db.select().from(subMerchants).where(eq(subMerchants.id, body.id));
    await sandbox.control(platform.apiKey, 'PUT', '/faults', [
      { provider: 'providerA', match: '/applyment/business_code/', latencyMs: 600, count: 1 },
    ]);
    const answer = (await onboardingProvider('providerA', platform.platformId)).queryApplication({
      submissionId: submissionId(row!),
    });
    // The query has reached the sandbox and is held there when the reviewer decides.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await sandbox.control(platform.apiKey, 'POST', `/providerA/applyments/${submitted.body.chApplymentId}`, {
      state: 'finished',
    });
    expect((await answer)?.state).toBe('finished');
    await sandbox.control(platform.apiKey, 'DELETE', '/faults');
  });
});

describeEachDatabase('a tampered upstream answer', (database) => {
  const sandbox = useSandboxOverHttp();

  for (const provider of ['providerA', 'providerB'] as const) {
    it(`${provider}: a signed answer altered in transit is refused (502), stored as nothing, and the retry succeeds`, async () => {
      const platform = await createPlatformWithKey(database().db);
      const api = paymentsApi(platform.apiKey);
      const { body } = await api.create({ distributorExternalUserId: `seller-${provider}-tamper`, provider });
      const formData = await completeFormData(api, provider);
      await sandbox.control(platform.apiKey, 'PUT', '/faults', [{ provider, tamper: true }]);
      const refused = await api.submit(body.id, { formData });
      expect(refused.status).toBe(502);
      expect(refused.body.code).toBe('upstream_unavailable');
      expect(refused.body.detail).toMatch(/signature|verif/i);
      expect((await api.get(body.id)).body.chApplymentId).toBeUndefined();
      await sandbox.control(platform.apiKey, 'DELETE', '/faults');
      const retried = await api.submit(body.id, {});
      expect(retried.status).toBe(200);
      expect(retried.body.chApplymentId).toBeTruthy();
    });
  }
});
