import { beforeAll, expect, it } from 'vitest';
import * as listRoute from '@/app/v1/payments/sub-merchants/route';
import { subMerchants } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { licenceSearchKey } from '@/server/services/sub-merchants/licence-search-key';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { paymentsApi } from '../support/sub-merchants';

type Page = { data: { id: string; distributorExternalUserId?: string }[]; hasMore: boolean; nextCursor: string | null };

describeEachDatabase('GET /v1/payments/sub-merchants pagination and filters', (database) => {
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  const ids: string[] = [];
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    const base = Date.parse('2026-01-01T00:00:00Z');
    // 25 records, five of them sharing one timestamp, so the cursor's tie-break on id is exercised.
    const rows = Array.from({ length: 25 }, (_, i) => ({
      id: newId('sm'),
      platformId: platform.platformId,
      provider: 'providerA' as const,
      distributorExternalUserId: i === 0 ? null : `seller-${i}`,
      createdAt: new Date(base + Math.min(i, 20) * 1000),
    }));
    await database().db.insert(subMerchants).values(rows);
    ids.push(...rows.map((r) => r.id));
  });

  const get = async (query: string) =>
    callRoute(listRoute.GET, `/v1/payments/sub-merchants${query}`, { headers: apiHeaders(platform.apiKey) });

  it('walks every record exactly once with limit and cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(`?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      const page = (await response.json()) as Page;
      expect(page.data.length).toBeLessThanOrEqual(7);
      seen.push(...page.data.map((d) => d.id));
      cursor = page.hasMore ? page.nextCursor : null;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(25);
    expect([...seen].sort()).toEqual([...ids].sort());
  });

  it('pages through records created through the API in the same instant without skipping any', async () => {
    const fresh = await createPlatformWithKey(database().db);
    const api = paymentsApi(fresh.apiKey);
    await Promise.all(Array.from({ length: 12 }, (_, i) => api.create({ distributorExternalUserId: `burst-${i}` })));
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = (await api.list(`?limit=5${cursor ? `&cursor=${cursor}` : ''}`)).body as Page;
      page.data.forEach((d) => seen.add(d.id));
      cursor = page.hasMore ? page.nextCursor : null;
    } while (cursor);
    expect(seen.size).toBe(12);
  });

  it('filters by distributor_external_user_id', async () => {
    const page = (await (await get('?distributor_external_user_id=seller-7')).json()) as Page;
    expect(page.data.map((d) => d.distributorExternalUserId)).toEqual(['seller-7']);
  });

  it('refuses a forged cursor, an out-of-range limit and unknown parameters with 400 and pointers', async () => {
    for (const [query, pointer] of [
      ['?cursor=bm90LWEtY3Vyc29y', '/query/cursor'],
      ['?limit=1000', '/query/limit'],
      ['?status=active', '/query/status'],
    ] as const) {
      const response = await get(query);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; errors: { pointer: string }[] };
      expect(body.code).toBe('invalid_request');
      expect(body.errors.map((e) => e.pointer)).toContain(pointer);
    }
  });
});

describeEachDatabase('GET /v1/payments/sub-merchants with the work queue (queue, q, sort)', (database) => {
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  const licence = '91330106MA2H4X7Q3B';
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    const base = Date.parse('2026-02-01T00:00:00Z');
    const states = [null, 'rejected', 'to_be_confirmed', 'auditing', 'finished'] as const;
    // 15 records: three of each state; names sort in the reverse order of their last update.
    const rows = Array.from({ length: 15 }, (_, i) => {
      const state = states[i % states.length]!;
      return {
        id: newId('sm'),
        platformId: platform.platformId,
        provider: 'providerA' as const,
        status: state === 'finished' ? ('active' as const) : ('pending' as const),
        chApplymentState: state,
        chApplymentId: state ? `apply-q-${i}` : null,
        distributorExternalUserId: `queue-seller-${i}`,
        formData: {
          merchantName: `${String.fromCharCode(90 - i)} 湖畔茶社`,
          ...(i === 4 ? { licenseNumber: licence } : {}),
        },
        licenceNumberHmac: i === 4 ? licenceSearchKey(licence) : null,
        updatedAt: new Date(base + i * 1000),
      };
    });
    await database()
      .db.insert(subMerchants)
      .values(rows as never);
  });

  const get = async (query: string) => {
    const response = await callRoute(listRoute.GET, `/v1/payments/sub-merchants${query}`, {
      headers: apiHeaders(platform.apiKey),
    });
    return { status: response.status, body: (await response.json()) as Page & { errors?: { pointer: string }[] } };
  };
  const sellers = (page: Page) => page.data.map((d) => d.distributorExternalUserId);

  it('a tab holds its records, as full records, newest update first', async () => {
    const { status, body } = await get('?queue=merchant');
    expect(status).toBe(200);
    expect(sellers(body)).toEqual(['queue-seller-12', 'queue-seller-7', 'queue-seller-2']);
    expect(body.data[0]).toMatchObject({ object: 'sub_merchant', chApplymentState: 'to_be_confirmed' });
    // needs action: drafts and rejections
    expect((await get('?queue=action')).body.data).toHaveLength(6);
  });

  it('finds by name, licence number as people type it, distributor id and applyment id', async () => {
    expect((await get(`?q=${encodeURIComponent('湖畔')}&limit=100`)).body.data).toHaveLength(15);
    expect(sellers((await get('?q=91330106-ma2h 4x7q3b'.replace(/ /g, '%20'))).body)).toEqual(['queue-seller-4']);
    expect(sellers((await get('?q=queue-seller-9')).body)).toEqual(['queue-seller-9']);
    expect(sellers((await get('?q=apply-q-8&queue=review')).body)).toEqual(['queue-seller-8']);
    expect((await get('?q=apply-q-8&queue=active')).body.data).toHaveLength(0);
  });

  it('sorts by name and walks every record once with the sort’s own cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { status, body }: { status: number; body: Page } = await get(
        `?sort=name&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(status).toBe(200);
      seen.push(...sellers(body).map(String));
      cursor = body.hasMore ? body.nextCursor : null;
    } while (cursor);
    // Names Z…N: A→Z is the reverse of insertion.
    expect(seen).toEqual(Array.from({ length: 15 }, (_, i) => `queue-seller-${14 - i}`));
  });

  it('sorts each way the direction says, and walks pages in that direction', async () => {
    const newestFirst = Array.from({ length: 15 }, (_, i) => `queue-seller-${14 - i}`);
    const oldestFirst = [...newestFirst].reverse();
    expect(sellers((await get('?sort=updated&limit=100')).body)).toEqual(newestFirst);
    expect(sellers((await get('?sort=updated&direction=desc&limit=100')).body)).toEqual(newestFirst);
    expect(sellers((await get('?sort=updated&direction=asc&limit=100')).body)).toEqual(oldestFirst);
    // direction alone is the queue's view (all tabs, by last update).
    expect(sellers((await get('?direction=asc&limit=100')).body)).toEqual(oldestFirst);
    // Names Z…N: A→Z (the default for name) is newest first, Z→A oldest first.
    expect(sellers((await get('?sort=name&limit=100')).body)).toEqual(newestFirst);
    expect(sellers((await get('?sort=name&direction=desc&limit=100')).body)).toEqual(oldestFirst);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { body }: { body: Page } = await get(
        `?sort=name&direction=desc&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...sellers(body).map(String));
      cursor = body.hasMore ? body.nextCursor : null;
    } while (cursor);
    expect(seen).toEqual(oldestFirst);
  });

  it('names the parameter of every bad value with 400', async () => {
    const first = (await get('?sort=name&limit=2')).body.nextCursor!;
    const plain = (await get('?limit=2')).body.nextCursor!;
    for (const [query, pointer] of [
      ['?queue=waiting', '/query/queue'],
      ['?direction=up', '/query/direction'],
      ['?sort=name&direction=ascending', '/query/direction'],
      ['?sort=created', '/query/sort'],
      ['?q=', '/query/q'],
      ['?q=%20%20', '/query/q'],
      [`?q=${'x'.repeat(129)}`, '/query/q'],
      ['?queue=all&distributor_external_user_id=seller-1', '/query/distributor_external_user_id'],
      ['?sort=updated&cursor=bm90LWEtY3Vyc29y', '/query/cursor'],
      // A cursor of another sort, or of the plain list, would compare the wrong columns.
      [`?sort=state&cursor=${first}`, '/query/cursor'],
      // …or of the other direction.
      [`?sort=name&direction=desc&cursor=${first}`, '/query/cursor'],
      [`?sort=name&cursor=${plain}`, '/query/cursor'],
      [`?cursor=${first}`, '/query/cursor'],
    ] as const) {
      const { status, body } = await get(query);
      expect(status, query).toBe(400);
      expect(
        body.errors?.map((e) => e.pointer),
        query,
      ).toEqual([pointer]);
    }
  });
});
