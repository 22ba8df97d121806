import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subMerchants } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createOperator } from '@/server/services/operators/create-operator';
import { createPlatform } from '@/server/services/platforms/create-platform';
import { describeEachDatabase } from '../support/databases';

const createCaller = createCallerFactory(appRouter);
const states = [null, 'submitted', 'auditing', 'to_be_confirmed', 'to_be_signed', 'finished', 'rejected'] as const;
const TOTAL = 10_000;

describeEachDatabase('console sub-merchant list (subMerchantConsole.list / waiting)', (database) => {
  let platformId: string;
  let operatorId: string;
  const as = () => createCaller({ operatorId, db: database().db, requestId: 'req_test' });

  beforeAll(async () => {
    const db = database().db;
    platformId = (await createPlatform({ db, actor: 'test' }, { name: 'Console list' })).platform.id;
    const other = (await createPlatform({ db, actor: 'test' }, { name: 'Elsewhere' })).platform.id;
    operatorId = (
      await createOperator(
        { db, actor: 'test' },
        {
          email: `list-${Date.now()}@example.com`,
          password: 'a-long-password-1',
          platformId,
          role: 'viewer',
        },
      )
    ).operatorId;
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let chunk = 0; chunk < TOTAL; chunk += 1000) {
      const rows = Array.from({ length: 1000 }, (_, k) => {
        const i = chunk + k;
        return {
          id: newId('sm'),
          platformId,
          provider: i % 3 === 0 ? ('providerB' as const) : ('providerA' as const),
          status: i % 10 === 0 ? ('active' as const) : ('pending' as const),
          distributorExternalUserId: `Seller-${i}`,
          chApplymentState: states[i % states.length],
          // Groups of 4 share an instant, below the millisecond, so the cursor's tie-break and precision matter.
          updatedAt: sql`${new Date(base + Math.floor(i / 4) * 1000).toISOString()}::timestamptz + ${`${(i % 4) * 100} microseconds`}::interval`,
        };
      });
      await db.insert(subMerchants).values(rows as never);
    }
    await db
      .insert(subMerchants)
      .values({ id: newId('sm'), platformId: other, provider: 'providerA', chApplymentState: 'to_be_signed' });
  }, 120_000);

  it('walks all 10,000 records once, newest update first, 100 per page', async () => {
    const seen = new Set<string>();
    let previous = Infinity;
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await as().subMerchantConsole.list({ platformId, limit: 100, cursor });
      for (const item of page.data) {
        seen.add(item.id);
        expect(Date.parse(item.updatedAt)).toBeLessThanOrEqual(previous);
        previous = Date.parse(item.updatedAt);
      }
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(100);
    expect(seen.size).toBe(TOTAL);
  }, 120_000);

  it('filters by status, provider, upstream state (none = draft) and distributor id substring, combined', async () => {
    const page = await as().subMerchantConsole.list({
      platformId,
      limit: 100,
      status: 'active',
      provider: 'providerB',
      upstreamState: 'none',
    });
    // i % 10 === 0, i % 3 === 0, i % 7 === 0 → i % 210 === 0
    expect(page.data.length).toBe(Math.ceil(TOTAL / 210));
    expect(
      page.data.every((d) => d.status === 'active' && d.provider === 'providerB' && d.chApplymentState === undefined),
    ).toBe(true);
    const search = await as().subMerchantConsole.list({ platformId, distributor: 'seller-999' });
    const expected = ['Seller-999', ...Array.from({ length: 10 }, (_, d) => `Seller-999${d}`)];
    expect(search.data.map((d) => d.distributorExternalUserId).sort()).toEqual(expected.sort());
    const literal = await as().subMerchantConsole.list({ platformId, distributor: 'seller-%' });
    expect(literal.data).toHaveLength(0);
    const signed = await as().subMerchantConsole.list({ platformId, upstreamState: 'to_be_signed', limit: 5 });
    expect(signed.data.every((d) => d.chApplymentState === 'to_be_signed')).toBe(true);
    expect(signed.data[0]!.missingCount).toBeGreaterThan(0);
  });

  it('counts the records waiting on the merchant, this platform only', async () => {
    const seeded = (state: string) =>
      Array.from({ length: TOTAL }, (_, i) => states[i % states.length]).filter((s) => s === state).length;
    const waiting = await as().subMerchantConsole.waiting({ platformId });
    expect(waiting.toBeConfirmed).toBe(seeded('to_be_confirmed'));
    expect(waiting.toBeSigned).toBe(seeded('to_be_signed'));
    expect(waiting.total).toBe(waiting.toBeConfirmed + waiting.toBeSigned);
  });

  it('answers a filtered first page and a deep page quickly', async () => {
    const deep = (await as().subMerchantConsole.list({ platformId, limit: 100 })).nextCursor!;
    const started = performance.now();
    for (let i = 0; i < 5; i++) {
      await as().subMerchantConsole.list({ platformId, limit: 20 });
      await as().subMerchantConsole.list({ platformId, limit: 20, cursor: deep, upstreamState: 'rejected' });
      await as().subMerchantConsole.waiting({ platformId });
    }
    expect((performance.now() - started) / 5).toBeLessThan(400);
  });

  it('refuses a forged cursor with BAD_REQUEST', async () => {
    const forged = Buffer.from(JSON.stringify(["2026-01-01'; drop table x", 'sm_1'])).toString('base64url');
    await expect(as().subMerchantConsole.list({ platformId, cursor: forged })).rejects.toSatisfy(
      (error: unknown) => error instanceof TRPCError && error.code === 'BAD_REQUEST',
    );
  });
});
