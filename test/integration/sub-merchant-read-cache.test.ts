import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subMerchants } from '@/server/db/schema';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createOperator } from '@/server/services/operators/create-operator';
import { createPlatformWithKey } from '../support/fixtures';
import { describeEachDatabase } from '../support/databases';
import { paymentsApi } from '../support/sub-merchants';

const createCaller = createCallerFactory(appRouter);

/**
 * The read routes answer from memory (read-cache.ts, sub-merchant-json.ts). These tests change rows in every way a
 * row can change. A write through the API is visible to the very next read. A write behind the services' back
 * (plain SQL, another instance) is visible once the database's change feed has delivered it: `caughtUp()` waits for
 * exactly that, as a write acknowledged by this instance does.
 */
describeEachDatabase('sub-merchant reads served from memory', (database) => {
  let api: ReturnType<typeof paymentsApi>;
  let console: ReturnType<typeof createCaller>;
  let id: string;
  let platformId: string;

  beforeAll(async () => {
    const db = database().db;
    const platform = await createPlatformWithKey(db);
    platformId = platform.platformId;
    api = paymentsApi(platform.apiKey);
    const operatorId = (
      await createOperator(db, {
        email: `cache-${Date.now()}@example.com`,
        password: 'a-long-password-1',
        platformId: platform.platformId,
        role: 'viewer',
      })
    ).operatorId;
    console = createCaller({ operatorId, db, requestId: 'req_cache' });
    const created = await api.create({
      distributorExternalUserId: 'cache-seller',
      formData: { merchantShortname: 'Before' },
    });
    id = created.body.id;
  });

  const readAll = async () => {
    const single = await api.get(id);
    const page = await api.list('?distributor_external_user_id=cache-seller');
    return { single: single.body, listed: page.body.data[0], etag: single.headers.get('etag') };
  };

  it('shows a change made with plain SQL that bumps neither version nor updated_at', async () => {
    const before = await readAll();
    expect(before.single.chApplymentStateMsg).toBeUndefined();
    expect(before.listed).toEqual(before.single);

    await database()
      .db.update(subMerchants)
      .set({ chApplymentStateMsg: 'changed behind the API' })
      .where(eq(subMerchants.id, id));
    await database().changes.caughtUp();

    const after = await readAll();
    expect(after.single.chApplymentStateMsg).toBe('changed behind the API');
    expect(after.listed.chApplymentStateMsg).toBe('changed behind the API');
    // The ETag follows the record's version, which this write did not bump.
    expect(after.etag).toBe(before.etag);
  });

  it('shows a write through the API at once, in the single read, the list and the console', async () => {
    await readAll();
    const updated = await api.put(id, { formData: { merchantShortname: 'After' } });
    expect(updated.status).toBe(200);

    const after = await readAll();
    expect(after.single.formData.merchantShortname).toBe('After');
    expect(after.listed.formData.merchantShortname).toBe('After');
    expect(await console.subMerchants.get({ platformId, id })).toEqual(after.single);
    const consolePage = await console.subMerchants.list({
      platformId,
      distributor_external_user_id: 'cache-seller',
      limit: 20,
    });
    expect(consolePage.data[0]).toEqual(after.single);
  });

  it('a read that starts after a write shows it, even while earlier reads of the same record are still in flight', async () => {
    const inFlight = [
      ...Array.from({ length: 20 }, () => api.get(id)),
      ...Array.from({ length: 5 }, () => api.list('?distributor_external_user_id=cache-seller')),
    ];
    const updated = await api.put(id, { formData: { merchantShortname: 'During' } });
    expect(updated.status).toBe(200);
    const singles = await Promise.all(Array.from({ length: 20 }, () => api.get(id)));
    const lists = await Promise.all(
      Array.from({ length: 5 }, () => api.list('?distributor_external_user_id=cache-seller')),
    );
    await Promise.all(inFlight);
    expect(singles.map((r) => r.body.formData.merchantShortname)).toEqual(Array(20).fill('During'));
    expect(lists.map((r) => r.body.data[0].formData.merchantShortname)).toEqual(Array(5).fill('During'));
  });

  it('keeps answering the same bytes for an unchanged record, and a deleted record disappears', async () => {
    const first = await api.get(id);
    const second = await api.get(id);
    expect(second.body).toEqual(first.body);

    await database().db.execute(sql`delete from sub_merchants where id = ${id}`);
    await database().changes.caughtUp();
    expect((await api.get(id)).status).toBe(404);
    expect((await api.list('?distributor_external_user_id=cache-seller')).body.data).toEqual([]);
  });
});
