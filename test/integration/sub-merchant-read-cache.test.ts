import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { subMerchants } from '@/server/db/schema';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createOperator } from '@/server/services/operators/create-operator';
import { createPlatformWithKey } from '../support/fixtures';
import { describeEachDatabase } from '../support/databases';
import { paymentsApi } from '../support/sub-merchants';

const createCaller = createCallerFactory(appRouter);

/**
 * The read routes keep the bodies they built and reuse one only while the row revisions it was built from are still
 * current (src/server/http/read-route-cache.ts). These tests change rows in every way a row can change (through the
 * API, plain SQL that bumps neither version nor updated_at, another connection as another instance would, DELETE,
 * TRUNCATE) and expect the very next read to show it, with personal data masked and nothing for another platform.
 */
describeEachDatabase('sub-merchant read routes reusing the bodies they built', (database) => {
  let api: ReturnType<typeof paymentsApi>;
  let stranger: ReturnType<typeof paymentsApi>;
  let console: ReturnType<typeof createCaller>;
  let id: string;
  let platformId: string;

  beforeAll(async () => {
    const db = database().db;
    const platform = await createPlatformWithKey(db);
    platformId = platform.platformId;
    api = paymentsApi(platform.apiKey);
    stranger = paymentsApi((await createPlatformWithKey(db)).apiKey);
    const operatorId = (
      await createOperator(
        { db, actor: 'test' },
        {
          email: `cache-${Date.now()}@example.com`,
          password: 'a-long-password-1',
          platformId: platform.platformId,
          role: 'viewer',
        },
      )
    ).operatorId;
    console = createCaller({ operatorId, db, requestId: 'req_cache' });
    const created = await api.create({
      distributorExternalUserId: 'cache-seller',
      formData: { merchantShortname: 'Before', contactName: '张三丰', contactMobile: '13800138000' },
    });
    id = created.body.id;
  });

  const readAll = async () => {
    const single = await api.get(id);
    const page = await api.list('?distributor_external_user_id=cache-seller');
    return { single: single.body, listed: page.body.data[0], etag: single.headers.get('etag') };
  };

  it('answers masked data only, the same from a reused body as from a fresh one', async () => {
    const first = await readAll();
    const second = await readAll();
    expect(second).toEqual(first);
    for (const body of [JSON.stringify(second.single), JSON.stringify(second.listed)]) {
      expect(body).not.toContain('13800138000');
      expect(body).not.toContain('张三丰');
    }
    expect(second.single.formData.contactMobile).toMatch(/\*/);
  });

  it('never answers another platform from a body built for the owner', async () => {
    await readAll();
    expect((await stranger.get(id)).status).toBe(404);
    expect((await stranger.list()).body.data).toEqual([]);
    expect((await stranger.list('?distributor_external_user_id=cache-seller')).body.data).toEqual([]);
  });

  it('shows a change made with plain SQL that bumps neither version nor updated_at to the very next read', async () => {
    const before = await readAll();
    expect(before.single.chApplymentStateMsg).toBeUndefined();
    expect(before.listed).toEqual(before.single);

    await database()
      .db.update(subMerchants)
      .set({ chApplymentStateMsg: 'changed behind the API' })
      .where(eq(subMerchants.id, id));

    const after = await readAll();
    expect(after.single.chApplymentStateMsg).toBe('changed behind the API');
    expect(after.listed.chApplymentStateMsg).toBe('changed behind the API');
    // The ETag follows the record's version, which this write did not bump.
    expect(after.etag).toBe(before.etag);
  });

  it("shows another connection's writes (another instance's) to the very next read, every time", async () => {
    await readAll();
    for (let i = 1; i <= 10; i++) {
      await writeFromAnotherConnection(
        sql`update sub_merchants set ch_applyment_state_msg = ${`write ${i}`} where id = ${id}`,
      );
      const after = await readAll();
      expect(after.single.chApplymentStateMsg).toBe(`write ${i}`);
      expect(after.listed.chApplymentStateMsg).toBe(`write ${i}`);
    }
  });

  it('shows a write through the API at once, in the single read, the list and the console', async () => {
    await readAll();
    const updated = await api.put(id, { formData: { merchantShortname: 'After' } });
    expect(updated.status).toBe(200);

    const after = await readAll();
    expect(after.single.formData.merchantShortname).toBe('After');
    expect(after.listed.formData.merchantShortname).toBe('After');
    expect(await console.subMerchants.get({ platformId, id })).toEqual(after.single);
    const consolePage = await console.subMerchantConsole.queue({ platformId, q: 'cache-seller', limit: 20 });
    expect(consolePage.data[0]).toMatchObject({ id: after.single.id, updatedAt: after.single.updatedAt });
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

  it('a new record shows on the list page that was answered before it existed', async () => {
    expect((await api.list('?distributor_external_user_id=cache-newcomer')).body.data).toEqual([]);
    const created = await api.create({ distributorExternalUserId: 'cache-newcomer', formData: {} });
    const page = await api.list('?distributor_external_user_id=cache-newcomer');
    expect(page.body.data.map((r: { id: string }) => r.id)).toEqual([created.body.id]);
  });

  it('a deleted record disappears, and so does everything after a TRUNCATE', async () => {
    await readAll();
    await database().db.execute(sql`delete from sub_merchants where id = ${id}`);
    expect((await api.get(id)).status).toBe(404);
    expect((await api.list('?distributor_external_user_id=cache-seller')).body.data).toEqual([]);

    const other = (await api.create({ distributorExternalUserId: 'cache-truncate', formData: {} })).body.id as string;
    expect((await api.get(other)).status).toBe(200);
    expect((await api.list()).body.data).not.toEqual([]);
    await database().db.execute(sql`truncate sub_merchants cascade`);
    expect((await api.get(other)).status).toBe(404);
    expect((await api.list()).body.data).toEqual([]);
  });

  // Another instance's pool: one connection that stays open, so a write returns as fast as it would there.
  let otherClient: postgres.Sql | undefined;
  afterAll(async () => otherClient?.end());

  /** On PostgreSQL a connection of its own; PGlite has one connection, so the same one behind the services' back. */
  async function writeFromAnotherConnection(statement: ReturnType<typeof sql>) {
    const handle = database();
    if (handle.kind === 'pglite') return void (await handle.db.execute(statement));
    otherClient ??= postgres(handle.connectionString!, { max: 1, onnotice: () => {} });
    await drizzle(otherClient).execute(statement);
  }
});
