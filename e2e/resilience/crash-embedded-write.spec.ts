import { expect, test } from '@playwright/test';
import { startCrashRig, v1 } from '../support/crash-rig';

test('[pglite] SIGKILL during a burst of creates: the data directory opens, every acknowledged record is whole, none is half-written', async () => {
  test.setTimeout(180_000);
  const rig = await startCrashRig('pglite');
  try {
    const acknowledged: string[] = [];
    let attempted = 0;
    const create = async (n: number) => {
      attempted++;
      const response = await v1(rig, 'payments', 'POST', '/v1/payments/sub-merchants', {
        distributorExternalUserId: `burst-${n}`,
        provider: n % 2 ? 'providerA' : 'providerB',
      });
      if (response.status === 201) acknowledged.push(response.body.id as string);
    };
    // Eight writers in parallel; the kill lands while some creates are mid-transaction.
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; ; i++) await create(w * 1000 + i);
    });
    const stopped = Promise.allSettled(writers);
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(40);
    await rig.crash();
    await stopped;
    expect(attempted).toBeGreaterThan(acknowledged.length); // some were in flight when the process died

    await rig.restart();
    for (const id of acknowledged) {
      const record = await v1(rig, 'payments', 'GET', `/v1/payments/sub-merchants/${id}`);
      expect(record.status).toBe(200);
      expect(record.body.distributorExternalUserId).toMatch(/^burst-\d+$/);
    }
    // Whatever the list holds (acknowledged, or committed just before the kill) is complete and readable.
    const listed = await v1(rig, 'payments', 'GET', '/v1/payments/sub-merchants?limit=100');
    expect(listed.status).toBe(200);
    const ids = (listed.body.data as { id: string }[]).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(Math.min(acknowledged.length, 100));
    for (const id of ids) {
      const record = await v1(rig, 'payments', 'GET', `/v1/payments/sub-merchants/${id}`);
      expect(record.status).toBe(200);
      expect(record.body).toMatchObject({
        id,
        provider: expect.stringMatching(/^provider[AB]$/),
        distributorExternalUserId: expect.stringMatching(/^burst-/),
      });
    }
    // And it still takes writes.
    expect(
      (
        await v1(rig, 'payments', 'POST', '/v1/payments/sub-merchants', {
          distributorExternalUserId: 'after-crash',
          provider: 'providerA',
        })
      ).status,
    ).toBe(201);
  } finally {
    await rig.stop();
  }
});
