import { TRPCError } from '@trpc/server';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subMerchants } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createOperator } from '@/server/services/operators/create-operator';
import { createPlatform } from '@/server/services/platforms/create-platform';
import { licenceSearchKey } from '@/server/services/sub-merchants/licence-search-key';
import { describeEachDatabase } from '../support/databases';

const createCaller = createCallerFactory(appRouter);

// One row per (status, upstream state) the state machine produces, and where the work queue must put it.
const kinds = [
  { status: 'pending', state: null, tab: 'action' },
  { status: 'pending', state: 'rejected', tab: 'action' },
  { status: 'pending', state: 'canceled', tab: 'action' },
  { status: 'pending', state: 'to_be_confirmed', tab: 'merchant' },
  { status: 'pending', state: 'to_be_signed', tab: 'merchant' },
  { status: 'pending', state: 'submitted', tab: 'review' },
  { status: 'pending', state: 'auditing', tab: 'review' },
  { status: 'pending', state: 'signing', tab: 'review' },
  { status: 'active', state: 'finished', tab: 'active' },
  { status: 'suspended', state: 'finished', tab: 'suspended' },
] as const;
const TOTAL = 2_000;
const names = ['杭州西湖茶社', '上海浦东便利店', 'Blue Harbor Coffee', '成都火锅小馆'];

describeEachDatabase('console work queue (subMerchantConsole.queue / counts / assign)', (database) => {
  let platformId: string;
  let otherPlatformId: string;
  const operatorIds = { me: '', colleague: '' };
  const as = (who: keyof typeof operatorIds = 'me') =>
    createCaller({ operatorId: operatorIds[who], db: database().db, requestId: 'req_test' });
  const expectedIn = (tab: string) =>
    Array.from({ length: TOTAL }, (_, i) => kinds[i % kinds.length]!).filter((k) => k.tab === tab).length;

  beforeAll(async () => {
    const db = database().db;
    platformId = (await createPlatform({ db, actor: 'test' }, { name: 'Work queue' })).platform.id;
    otherPlatformId = (await createPlatform({ db, actor: 'test' }, { name: 'Elsewhere' })).platform.id;
    for (const who of ['me', 'colleague'] as const) {
      operatorIds[who] = (
        await createOperator(
          { db, actor: 'test' },
          { email: `${who}-${Date.now()}@example.com`, password: 'a-long-password-1', platformId, role: 'operator' },
        )
      ).operatorId;
    }
    const base = Date.parse('2026-03-01T00:00:00Z');
    for (let chunk = 0; chunk < TOTAL; chunk += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => {
        const i = chunk + k;
        const kind = kinds[i % kinds.length]!;
        const licence = `91330100MA${String(i).padStart(8, '0')}`;
        return {
          id: newId('sm'),
          platformId,
          provider: i % 2 === 0 ? ('providerA' as const) : ('providerB' as const),
          status: kind.status,
          chApplymentState: kind.state,
          chApplymentId: kind.state ? `apply-${i}` : null,
          chSubMchid: kind.state === 'finished' ? `1900${i}` : null,
          rejectReasons: kind.state === 'rejected' ? [{ field: 'licenseCopy', reason: '营业执照照片模糊' }] : [],
          distributorExternalUserId: `seller-${i}`,
          // Every 7th record has no name yet (a fresh draft); the rest a name, some only a short name.
          formData:
            i % 7 === 0
              ? {}
              : i % 5 === 0
                ? { merchantShortname: `${names[i % names.length]} ${i}` }
                : { merchantName: `${names[i % names.length]} ${i}`, licenseNumber: licence },
          licenceNumberHmac: i % 7 === 0 || i % 5 === 0 ? null : licenceSearchKey(licence),
          // Pairs share an instant below the millisecond: the cursor's precision and tie-break matter.
          updatedAt: sql`${new Date(base + Math.floor(i / 2) * 1000).toISOString()}::timestamptz + ${`${(i % 2) * 10} microseconds`}::interval`,
        };
      });
      await db.insert(subMerchants).values(rows as never);
    }
    await db.insert(subMerchants).values({
      id: newId('sm'),
      platformId: otherPlatformId,
      provider: 'providerA',
      chApplymentState: 'rejected',
      formData: { merchantName: '杭州西湖茶社 elsewhere' },
      distributorExternalUserId: 'seller-1',
    });
  }, 120_000);

  it('counts each tab from the state machine, this platform only; suspended records have their own tab', async () => {
    const counts = await as().subMerchantConsole.counts({ platformId });
    expect(counts).toEqual({
      action: expectedIn('action'),
      merchant: expectedIn('merchant'),
      review: expectedIn('review'),
      active: expectedIn('active'),
      suspended: expectedIn('suspended'),
      all: TOTAL,
    });
    expect(expectedIn('suspended')).toBeGreaterThan(0);
    for (const tab of ['action', 'merchant', 'review', 'active', 'suspended'] as const) {
      const page = await as().subMerchantConsole.queue({ platformId, tab, limit: 100 });
      const allowed = kinds.filter((k) => k.tab === tab).map((k) => k.state ?? undefined);
      expect(page.data.length).toBeGreaterThan(0);
      expect(page.data.every((row) => row.queue === tab && allowed.includes(row.chApplymentState as never))).toBe(true);
    }
  });

  it('keeps the tab counters equal to a fresh count while records move between tabs and are deleted', async () => {
    const db = database().db;
    const fresh = async () =>
      Object.fromEntries(
        (
          await db
            .select({ queue: subMerchants.queue, n: sql<number>`count(*)::int` })
            .from(subMerchants)
            .where(eq(subMerchants.platformId, platformId))
            .groupBy(subMerchants.queue)
        ).map((row) => [row.queue, row.n]),
      );
    const before = await as().subMerchantConsole.counts({ platformId });
    const moved = (await as().subMerchantConsole.queue({ platformId, tab: 'review', limit: 4 })).data.map((r) => r.id);
    // Two records go review → merchant and back in one statement each, one is rejected, one finishes.
    await db.update(subMerchants).set({ chApplymentState: 'to_be_signed' }).where(inArray(subMerchants.id, moved));
    await db.update(subMerchants).set({ chApplymentState: 'auditing' }).where(eq(subMerchants.id, moved[0]!));
    await db.update(subMerchants).set({ chApplymentState: 'rejected' }).where(eq(subMerchants.id, moved[1]!));
    await db
      .update(subMerchants)
      .set({ status: 'active', chApplymentState: 'finished' })
      .where(eq(subMerchants.id, moved[2]!));
    const after = await as().subMerchantConsole.counts({ platformId });
    expect(after).toMatchObject({
      review: before.review - 3,
      merchant: before.merchant + 1,
      action: before.action + 1,
      active: before.active + 1,
      all: TOTAL,
    });
    const counts = await fresh();
    expect(after).toMatchObject({ review: counts.review, merchant: counts.merchant, action: counts.action });
    // Back where they were, so the other tests see the seeded mix.
    await db
      .update(subMerchants)
      .set({ status: 'pending', chApplymentState: 'auditing' })
      .where(inArray(subMerchants.id, moved));
    expect(await as().subMerchantConsole.counts({ platformId })).toEqual(before);
    const extra = newId('sm');
    await db.insert(subMerchants).values({ id: extra, platformId, provider: 'providerA' });
    expect((await as().subMerchantConsole.counts({ platformId })).action).toBe(before.action + 1);
    await db.delete(subMerchants).where(eq(subMerchants.id, extra));
    expect(await as().subMerchantConsole.counts({ platformId })).toEqual(before);
  });

  it('says what a draft misses and why a record was rejected, and names the merchant', async () => {
    const page = await as().subMerchantConsole.queue({ platformId, tab: 'action', limit: 30 });
    const draft = page.data.find((row) => row.chApplymentState === undefined)!;
    expect(draft.missing!.count).toBeGreaterThan(0);
    expect(draft.missing!.first.length).toBeGreaterThan(0);
    const rejected = page.data.find((row) => row.chApplymentState === 'rejected')!;
    expect(rejected.rejection).toEqual({ count: 1, first: { field: 'licenseCopy', reason: '营业执照照片模糊' } });
    expect(rejected.missing).toBeUndefined();
    expect(page.data.filter((row) => row.name).length).toBeGreaterThan(page.data.length / 2);
  });

  for (const [sort, direction] of [
    ['updated', 'desc'],
    ['updated', 'asc'],
    ['name', 'asc'],
    ['name', 'desc'],
    ['state', 'asc'],
  ] as const) {
    it(`walks every record of 全部 once by ${sort} ${direction}, in order, with keyset pages`, async () => {
      const seen: { id: string; key: string }[] = [];
      let cursor: string | undefined;
      do {
        const page = await as().subMerchantConsole.queue({
          platformId,
          tab: 'all',
          sort,
          direction,
          limit: 97,
          cursor,
        });
        seen.push(
          ...page.data.map((row) => ({
            id: row.id,
            key: sort === 'name' ? (row.name ?? '') : sort === 'state' ? row.status : row.updatedAt,
          })),
        );
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(new Set(seen.map((s) => s.id)).size).toBe(TOTAL);
      if (sort === 'updated') {
        const times = seen.map((s) => Date.parse(s.key));
        const sorted = [...times].sort((a, b) => (direction === 'desc' ? b - a : a - b));
        expect(times).toEqual(sorted);
      }
    });
  }

  describe('names in natural order, short names searched', () => {
    let branchesId: string;
    const branches = ['第10分店', '第2分店', '第1分店', '第20分店', '第3分店', 'A9 Coffee', 'A10 Coffee', '第007分店'];
    beforeAll(async () => {
      const db = database().db;
      branchesId = (await createPlatform({ db, actor: 'test' }, { name: 'Branches' })).platform.id;
      await db.insert(subMerchants).values(
        branches.map((name, i) => ({
          id: newId('sm'),
          platformId: branchesId,
          provider: 'providerA' as const,
          distributorExternalUserId: `branch-${i}`,
          // Each has a licence name and a different short name (商户简称), as a real application does.
          formData: { merchantName: `西湖茶社${name}`, merchantShortname: `湖畔简称${i}号` },
        })),
      );
    });
    const member = async () => {
      const db = database().db;
      const operatorId = (
        await createOperator(
          { db, actor: 'test' },
          {
            email: `branches-${Date.now()}-${Math.random()}@example.com`,
            password: 'a-long-password-1',
            platformId: branchesId,
            role: 'viewer',
          },
        )
      ).operatorId;
      return createCaller({ operatorId, db, requestId: 'req_test' });
    };
    const natural = [
      'A9 Coffee',
      'A10 Coffee',
      '第1分店',
      '第2分店',
      '第3分店',
      '第007分店',
      '第10分店',
      '第20分店',
    ].map((name) => `西湖茶社${name}`);

    it('sorts "第2分店" before "第10分店" in both directions and across pages', async () => {
      const caller = await member();
      for (const direction of ['asc', 'desc'] as const) {
        const names: (string | undefined)[] = [];
        let cursor: string | undefined;
        do {
          const page = await caller.subMerchantConsole.queue({
            platformId: branchesId,
            tab: 'all',
            sort: 'name',
            direction,
            limit: 3,
            cursor,
          });
          names.push(...page.data.map((row) => row.name));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(names).toEqual(direction === 'asc' ? natural : [...natural].reverse());
      }
    });

    it('finds a record by its short name although the list shows its licence name', async () => {
      const caller = await member();
      const found = await caller.subMerchantConsole.queue({ platformId: branchesId, tab: 'all', q: '湖畔简称3号' });
      expect(found.data.map((row) => row.name)).toEqual(['西湖茶社第20分店']);
      const counts = await caller.subMerchantConsole.counts({ platformId: branchesId, q: '简称' });
      expect(counts.all).toBe(branches.length);
    });
  });

  it('walks one tab with keyset pages and never leaves it', async () => {
    const ids = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await as().subMerchantConsole.queue({
        platformId,
        tab: 'merchant',
        sort: 'name',
        limit: 50,
        cursor,
      });
      for (const row of page.data) {
        expect(row.queue).toBe('merchant');
        ids.add(row.id);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(ids.size).toBe(expectedIn('merchant'));
  });

  describe('search', () => {
    it('finds a name by substring (Chinese and Latin, any case), this platform only', async () => {
      const tea = await as().subMerchantConsole.queue({ platformId, tab: 'all', q: '西湖茶', limit: 100 });
      expect(tea.data.length).toBeGreaterThan(0);
      expect(tea.data.every((row) => row.name?.includes('西湖茶'))).toBe(true);
      expect(tea.data.some((row) => row.name?.includes('elsewhere'))).toBe(false);
      const coffee = await as().subMerchantConsole.queue({ platformId, tab: 'all', q: 'harbor coffee 10', limit: 100 });
      expect(coffee.data.map((row) => row.name).sort()).toEqual(
        expect.arrayContaining(['Blue Harbor Coffee 10', 'Blue Harbor Coffee 102']),
      );
      const literal = await as().subMerchantConsole.queue({ platformId, tab: 'all', q: '%', limit: 5 });
      expect(literal.data).toHaveLength(0);
    });

    it('finds a licence number as people type it, through its keyed search key only', async () => {
      // i = 8: named, with a licence (8 % 7 and 8 % 5 are not 0).
      const found = await as().subMerchantConsole.queue({ platformId, tab: 'all', q: ' 91330100ma-0000 0008 ' });
      expect(found.data.map((row) => row.distributorExternalUserId)).toEqual(['seller-8']);
      const [stored] = await database()
        .db.select({ hmac: subMerchants.licenceNumberHmac })
        .from(subMerchants)
        .where(eq(subMerchants.distributorExternalUserId, 'seller-8'));
      expect(stored!.hmac).toMatch(/^[0-9a-f]{64}$/);
      expect(stored!.hmac).not.toContain('91330100');
    });

    it('finds the distributor id, applyment id, sub-merchant id and our id exactly', async () => {
      const byDistributor = await as().subMerchantConsole.queue({ platformId, tab: 'all', q: 'seller-1' });
      expect(byDistributor.data.map((row) => row.distributorExternalUserId)).toEqual(['seller-1']);
      const byApplyment = await as().subMerchantConsole.queue({ platformId, tab: 'all', q: 'apply-13' });
      expect(byApplyment.data.map((row) => row.chApplymentId)).toEqual(['apply-13']);
      const bySubMchid = await as().subMerchantConsole.queue({ platformId, tab: 'all', q: '190018' });
      expect(bySubMchid.data.map((row) => row.chSubMchid)).toEqual(['190018']);
      const byId = await as().subMerchantConsole.queue({ platformId, tab: 'all', q: bySubMchid.data[0]!.id });
      expect(byId.data.map((row) => row.id)).toEqual([bySubMchid.data[0]!.id]);
    });

    it('counts the tabs of a search', async () => {
      const counts = await as().subMerchantConsole.counts({ platformId, q: 'seller-3' });
      expect(counts).toEqual({ action: 0, merchant: 1, review: 0, active: 0, suspended: 0, all: 1 });
    });
  });

  it('assigns a selection to a member and filters "assigned to me"; refuses a non-member', async () => {
    const page = await as().subMerchantConsole.queue({ platformId, tab: 'review', limit: 3 });
    const ids = page.data.map((row) => row.id);
    expect(await as().subMerchantConsole.assign({ platformId, ids, operatorId: operatorIds.me })).toEqual({
      assigned: 3,
    });
    const mine = await as().subMerchantConsole.queue({ platformId, tab: 'all', assignedToMe: true });
    expect(mine.data.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(mine.data.every((row) => row.assignee?.id === operatorIds.me && row.assignee.name.includes('me-'))).toBe(
      true,
    );
    expect(
      (await as('colleague').subMerchantConsole.queue({ platformId, tab: 'all', assignedToMe: true })).data,
    ).toEqual([]);
    expect((await as().subMerchantConsole.counts({ platformId, assignedToMe: true })).review).toBe(3);
    const history = await as().subMerchants.history({ platformId, id: ids[0]! });
    expect(history.at(-1)).toMatchObject({
      action: 'assigned',
      actorKind: 'operator',
      actorName: expect.stringContaining('me-'),
    });
    const outsider = (
      await createOperator(
        { db: database().db, actor: 'test' },
        {
          email: `out-${Date.now()}@example.com`,
          password: 'a-long-password-1',
          platformId: otherPlatformId,
          role: 'admin',
        },
      )
    ).operatorId;
    await expect(as().subMerchantConsole.assign({ platformId, ids, operatorId: outsider })).rejects.toSatisfy(
      (error: unknown) => error instanceof TRPCError && error.code === 'BAD_REQUEST',
    );
  });

  it('refuses a forged cursor and a cursor of another sort with BAD_REQUEST', async () => {
    const byName = await as().subMerchantConsole.queue({ platformId, tab: 'all', sort: 'name', limit: 5 });
    for (const cursor of [byName.nextCursor!, Buffer.from('["x"]').toString('base64url')]) {
      await expect(
        as().subMerchantConsole.queue({ platformId, tab: 'all', sort: 'updated', cursor }),
      ).rejects.toSatisfy((error: unknown) => error instanceof TRPCError && error.code === 'BAD_REQUEST');
    }
  });
});
