import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subMerchantHistory, subMerchants } from '@/server/db/schema';
import { syncDueSubMerchants } from '@/server/services/sub-merchants/sync-due-sub-merchants';
import { stampStillWaiting } from '@/server/services/sub-merchants/sync-stamps';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { completeFormData, paymentsApi } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';
import type { Provider } from '@/domain/providers';

describeEachDatabase('sub-merchant concurrency', (database) => {
  const sandbox = useSandboxOverHttp();
  let platformId: string;
  let apiKey: string;
  let api: ReturnType<typeof paymentsApi>;
  beforeAll(async () => {
    const platform = await createPlatformWithKey(database().db);
    platformId = platform.platformId;
    apiKey = platform.apiKey;
    api = paymentsApi(platform.apiKey);
  });

  it('50 concurrent creates of one distributor make one record; the rest get it back with 200', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => api.create({ distributorExternalUserId: 'seller-race' })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(49);
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    const rows = await database()
      .db.select()
      .from(subMerchants)
      .where(and(eq(subMerchants.platformId, platformId), eq(subMerchants.distributorExternalUserId, 'seller-race')));
    expect(rows).toHaveLength(1);
  });

  it("50 concurrent creates of the platform's own record (no distributor) make one record", async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => api.create({})));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    const rows = await database()
      .db.select()
      .from(subMerchants)
      .where(and(eq(subMerchants.platformId, platformId), isNull(subMerchants.distributorExternalUserId)));
    expect(rows).toHaveLength(1);
  });

  /** Upstream applications of one record, found by the submission id the record derives (submission-id.ts). */
  const upstreamApplicationsOf = async (provider: Provider, id: string) => {
    const all = (await sandbox.control(apiKey, 'GET', `/${provider}/applyments`)).body!.data as unknown[];
    return all.filter((a) => JSON.stringify(a).includes(id.replace(/^sm_/, 'sm')));
  };
  const historyOf = (id: string, action: string) =>
    database()
      .db.select()
      .from(subMerchantHistory)
      .where(and(eq(subMerchantHistory.subMerchantId, id), eq(subMerchantHistory.action, action)));

  for (const provider of ['providerA', 'providerB'] as const) {
    it(`${provider}: 20 concurrent submits make one upstream application per review round, also for the round after a rejection`, async () => {
      const { body } = await api.create({ distributorExternalUserId: `seller-submit-race-${provider}`, provider });
      const formData = await completeFormData(api, provider);
      const first = await Promise.all(Array.from({ length: 20 }, () => api.submit(body.id, { formData })));
      expect(first.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(first.filter((r) => r.body.replayed === false)).toHaveLength(1);
      const applymentId = first[0]!.body.chApplymentId as string;
      expect(first.every((r) => r.body.chApplymentId === applymentId)).toBe(true);
      expect(await upstreamApplicationsOf(provider, body.id)).toHaveLength(1);
      expect(await historyOf(body.id, 'submitted')).toHaveLength(1);

      await sandbox.control(apiKey, 'POST', `/${provider}/applyments/${applymentId}`, {
        state: 'rejected',
        rejectReasons: [{ field: provider === 'providerA' ? 'id_card_copy' : 'cert_image', reason: '证件照片模糊' }],
      });
      await database()
        .db.update(subMerchants)
        .set({ nextSyncAt: sql`now() - interval '1 second'` })
        .where(eq(subMerchants.id, body.id));
      await syncDueSubMerchants({ db: database().db, actor: 'test' });
      expect((await api.get(body.id)).body.chApplymentState).toBe('rejected');

      const second = await Promise.all(Array.from({ length: 20 }, () => api.submit(body.id, {})));
      expect(second.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(second.filter((r) => r.body.replayed === false)).toHaveLength(1);
      const [row] = await database().db.select().from(subMerchants).where(eq(subMerchants.id, body.id));
      expect(row!.reviewRound).toBe(2);
      // WeChat resubmits under the same business_code (it overwrites); Alipay opens one new order per round.
      expect(await upstreamApplicationsOf(provider, body.id)).toHaveLength(provider === 'providerA' ? 1 : 2);
      expect(await historyOf(body.id, 'submitted')).toHaveLength(2);
    });
  }

  it('20 concurrent PUTs with the same If-Match: one wins, 19 get 409 conflict and change nothing', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'seller-put-race' });
    const { headers } = await api.get(body.id);
    const etag = headers.get('etag')!;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.put(body.id, { commissionRate: i + 1 }, { 'if-match': etag })),
    );
    const winners = responses.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    const losers = responses.filter((r) => r.status === 409);
    expect(losers).toHaveLength(19);
    for (const loser of losers) {
      expect(loser.headers.get('content-type')).toContain('application/problem+json');
      expect(loser.body).toMatchObject({ status: 409, code: 'conflict' });
      expect(loser.body.detail).toMatch(/^The record changed .*fetch it and try again\.$/);
    }
    const stored = (await api.get(body.id)).body;
    expect(stored.commissionRate).toBe(winners[0]!.body.commissionRate);
    expect(await historyOf(body.id, 'updated')).toHaveLength(1);
    expect((await api.put(body.id, { commissionRate: 50 }, { 'if-match': etag })).status).toBe(409);
  });

  it('20 concurrent PUTs without If-Match lose no update: every success is its own version, the rest 409', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'seller-put-race-blind' });
    const [before] = await database().db.select().from(subMerchants).where(eq(subMerchants.id, body.id));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.put(body.id, { commissionRate: i + 1 })),
    );
    expect(responses.every((r) => r.status === 200 || (r.status === 409 && r.body.code === 'conflict'))).toBe(true);
    const successes = responses.filter((r) => r.status === 200).length;
    expect(successes).toBeGreaterThanOrEqual(1);
    const [after] = await database().db.select().from(subMerchants).where(eq(subMerchants.id, body.id));
    // The version guard: each 200 wrote exactly one version on top of the one it read.
    expect(after!.version).toBe(before!.version + successes);
    expect(await historyOf(body.id, 'updated')).toHaveLength(successes);
  });

  it('20 concurrent sync runs (instances racing for one slot) claim each due record once', async () => {
    const formData = await completeFormData(api, 'providerA');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { body } = await api.create({ distributorExternalUserId: `seller-sync-race-${i}` });
      expect((await api.submit(body.id, { formData })).status).toBe(200);
      ids.push(body.id);
    }
    const db = database().db;
    await db
      .update(subMerchants)
      .set({ nextSyncAt: sql`now() + interval '1 hour'` })
      .where(notInArray(subMerchants.id, ids));
    await db
      .update(subMerchants)
      .set({ nextSyncAt: sql`now() - interval '1 second'` })
      .where(inArray(subMerchants.id, ids));
    const runs = await Promise.all(Array.from({ length: 20 }, () => syncDueSubMerchants({ db, actor: 'test' })));
    // A record claimed by two runs would be counted twice (FOR UPDATE SKIP LOCKED is what prevents it).
    expect(runs.reduce((sum, run) => sum + run.synced + run.failed, 0)).toBe(ids.length);
    const rows = await db.select().from(subMerchants).where(inArray(subMerchants.id, ids));
    expect(rows.every((row) => row.nextSyncAt!.getTime() > Date.now())).toBe(true);
  });

  it("'still waiting' answers are stamped in one statement, except on records that moved after the sync read them", async () => {
    const db = database().db;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { body } = await api.create({ distributorExternalUserId: `seller-stamp-${i}` });
      ids.push(body.id);
    }
    const longAgo = new Date(Date.now() - 3_600_000);
    await db
      .update(subMerchants)
      .set({ chApplymentState: 'auditing', lastSyncedAt: longAgo, nextSyncAt: longAgo, updatedAt: longAgo })
      .where(inArray(subMerchants.id, ids));
    const read = await db.select().from(subMerchants).where(inArray(subMerchants.id, ids));
    const [edited, leased] = ids;
    // After the sync read them: one record is edited (new version), another is held by a submit.
    await db
      .update(subMerchants)
      .set({ version: sql`${subMerchants.version} + 1` })
      .where(eq(subMerchants.id, edited!));
    await db
      .update(subMerchants)
      .set({ submitLockToken: 'held', submitLockUntil: new Date(Date.now() + 60_000) })
      .where(eq(subMerchants.id, leased!));
    const answeredAt = new Date();
    const stamped = await stampStillWaiting(
      db,
      read.map((row) => ({ row, answeredAt })),
    );
    expect(stamped.has(edited!)).toBe(false);
    expect(stamped.has(leased!)).toBe(false);
    expect(stamped.size).toBe(ids.length - 2);
    const rows = new Map(
      (await db.select().from(subMerchants).where(inArray(subMerchants.id, ids))).map((row) => [row.id, row]),
    );
    for (const id of ids) {
      const row = rows.get(id)!;
      if (id === edited || id === leased) {
        expect(row.lastSyncedAt).toEqual(longAgo);
        expect(row.nextSyncAt).toEqual(longAgo);
      } else {
        expect(row.lastSyncedAt).toEqual(answeredAt);
        // The next check of a record quiet for an hour: later than now, within the configured interval.
        expect(row.nextSyncAt!.getTime()).toBeGreaterThan(row.lastSyncedAt!.getTime());
        expect(row.version).toBe(read.find((r) => r.id === id)!.version);
      }
    }
  });
});
