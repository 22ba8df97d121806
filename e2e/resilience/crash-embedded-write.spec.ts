import { expect, test } from '@playwright/test';
import { rigApi, startCrashRig } from '../support/crash-rig';

test('[pglite] SIGKILL during a burst of creates: the data directory opens, every acknowledged record is whole, none is half-written', async () => {
  test.setTimeout(180_000);
  const rig = await startCrashRig('pglite');
  try {
    const api = rigApi(rig);
    const acknowledged: string[] = [];
    let attempted = 0;
    const create = async (n: number) => {
      attempted++;
      const { data, response } = await api.POST('/v1/payments/sub-merchants', {
        body: { distributorExternalUserId: `burst-${n}`, provider: n % 2 ? 'providerA' : 'providerB' },
      });
      if (response.status === 201) acknowledged.push(data!.id);
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
    const read = (id: string) => api.GET('/v1/payments/sub-merchants/{id}', { params: { path: { id } } });
    for (const id of acknowledged) {
      const record = await read(id);
      expect(record.response.status).toBe(200);
      expect(record.data!.distributorExternalUserId).toMatch(/^burst-\d+$/);
    }
    // Whatever the list holds (acknowledged, or committed just before the kill) is complete and readable.
    const listed = await api.GET('/v1/payments/sub-merchants', { params: { query: { limit: 100 } } });
    expect(listed.response.status).toBe(200);
    const ids = listed.data!.data.map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(Math.min(acknowledged.length, 100));
    for (const id of ids) {
      const record = await read(id);
      expect(record.response.status).toBe(200);
      expect(record.data).toMatchObject({
        id,
        provider: expect.stringMatching(/^provider[AB]$/),
        distributorExternalUserId: expect.stringMatching(/^burst-/),
      });
    }
    // And it still takes writes.
    const after = await api.POST('/v1/payments/sub-merchants', {
      body: { distributorExternalUserId: 'after-crash', provider: 'providerA' },
    });
    expect(after.response.status).toBe(201);
  } finally {
    await rig.stop();
  }
});
