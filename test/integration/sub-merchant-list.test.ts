import { beforeAll, expect, it } from 'vitest';
import * as listRoute from '@/app/v1/payments/sub-merchants/route';
import { subMerchants } from '@/server/db/schema';
import { newId } from '@/server/ids';
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
