import fs from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { resetEnvForTests } from '@/env';
import { seedSandboxApplications } from '@/sandbox/control/seed-sandbox-applications';
import { subMerchantHistory, subMerchantQueueCounts, subMerchants } from '@/server/db/schema';
import { listWorkQueue } from '@/server/services/sub-merchants/list-work-queue';
import { refreshSubMerchant } from '@/server/services/sub-merchants/refresh-sub-merchant';
import { sampleLicenceNumber, sampleMerchantName } from '@/server/services/sub-merchants/sample-merchants';
import { seedSubMerchants } from '@/server/services/sub-merchants/seed-sub-merchants';
import { syncDueSubMerchants } from '@/server/services/sub-merchants/sync-due-sub-merchants';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { validLiveEnv } from '../support/live-env';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { useEnv } from '../support/scoped-env';

const RECORDS = 2_000;

describeEachDatabase('sandbox seed: a platform full of coherent records', (database) => {
  // Hundreds of signed round trips to the in-process sandbox on a busy test machine: the tests' 1.5 s default
  // upstream timeout would measure the machine, not the seeding.
  useEnv({ UPSTREAM_TIMEOUT_MS: '15000' });
  const sandbox = useSandboxOverHttp();
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  const ctx = () => ({ db: database().db, platformId: platform.platformId, actor: 'test' });
  const seed = (records: number) =>
    seedSubMerchants(ctx(), { records, upstream: seedSandboxApplications(platform.platformId) });

  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    await seed(RECORDS);
  }, 180_000);

  const realCounts = async () =>
    Object.fromEntries(
      (
        await database()
          .db.select({ queue: subMerchants.queue, n: count() })
          .from(subMerchants)
          .where(eq(subMerchants.platformId, platform.platformId))
          .groupBy(subMerchants.queue)
      ).map((r) => [r.queue, Number(r.n)]),
    );
  const counterTable = async () =>
    Object.fromEntries(
      (
        await database()
          .db.select({ queue: subMerchantQueueCounts.queue, n: subMerchantQueueCounts.n })
          .from(subMerchantQueueCounts)
          .where(eq(subMerchantQueueCounts.platformId, platform.platformId))
      )
        .filter((r) => Number(r.n) > 0)
        .map((r) => [r.queue, Number(r.n)]),
    );

  it('fills every tab, and the trigger-kept counters equal a real count', async () => {
    const real = await realCounts();
    expect(Object.values(real).reduce((a, b) => a + b, 0)).toBe(RECORDS);
    for (const tab of ['action', 'merchant', 'review', 'active', 'suspended']) expect(real[tab]).toBeGreaterThan(0);
    expect(await counterTable()).toEqual(real);
  });

  it('stores business fields only, with the licence search key, and finds records by name and licence number', async () => {
    const byName = await listWorkQueue(ctx(), { tab: 'all', q: sampleMerchantName(7) });
    expect(byName.data.map((r) => r.name)).toContain(sampleMerchantName(7));
    const byLicence = await listWorkQueue(ctx(), { tab: 'all', q: sampleLicenceNumber(1_234) });
    expect(byLicence.data.map((r) => r.name)).toEqual([sampleMerchantName(1_234)]);
    const [row] = await database()
      .db.select({ formData: subMerchants.formData, hmac: subMerchants.licenceNumberHmac })
      .from(subMerchants)
      .where(eq(subMerchants.platformId, platform.platformId))
      .limit(1);
    expect(Object.keys(row!.formData).sort()).toEqual(['licenseNumber', 'merchantName', 'merchantShortname']);
    expect(row!.hmac).toBeTruthy();
  });

  it('gives each record its history: created, and the upstream state once submitted', async () => {
    const [rejected] = await database()
      .db.select({ id: subMerchants.id, applymentId: subMerchants.chApplymentId })
      .from(subMerchants)
      .where(and(eq(subMerchants.platformId, platform.platformId), eq(subMerchants.chApplymentState, 'rejected')))
      .limit(1);
    const history = await database()
      .db.select({ action: subMerchantHistory.action, changes: subMerchantHistory.changes })
      .from(subMerchantHistory)
      .where(eq(subMerchantHistory.subMerchantId, rejected!.id))
      .orderBy(subMerchantHistory.createdAt);
    expect(history.map((h) => h.action)).toEqual(['created', 'upstream_status']);
    expect(history[1]!.changes).toMatchObject({
      chApplymentState: { from: null, to: 'rejected' },
      chApplymentId: { from: null, to: rejected!.applymentId },
    });
  });

  it('the status sync finds every seeded record under review at the upstream (no failures)', async () => {
    const underReview = and(
      eq(subMerchants.platformId, platform.platformId),
      sql`${subMerchants.chApplymentState} in ('submitted', 'auditing', 'to_be_confirmed', 'to_be_signed', 'signing')`,
    );
    const [{ n } = { n: 0 }] = await database().db.select({ n: count() }).from(subMerchants).where(underReview);
    expect(Number(n)).toBeGreaterThan(100);
    // Everything due now, instead of spread over the sync interval as seeded.
    await database()
      .db.update(subMerchants)
      .set({ nextSyncAt: sql`now()` })
      .where(underReview);
    const result = await syncDueSubMerchants({ db: database().db, actor: 'test' }, { batch: RECORDS, concurrency: 4 });
    const failures = fs
      .readFileSync(process.env.LOG_FILE!, 'utf8')
      .split('\n')
      .filter((line) => line.includes('status sync failed'));
    expect({ failed: result.failed, failures }).toEqual({ failed: 0, failures: [] });
    expect(result.synced).toBeGreaterThanOrEqual(Number(n));
  }, 180_000);

  it.each(['providerA', 'providerB'] as const)(
    'a seeded %s application moved in the sandbox shows on its record after a refresh',
    async (provider) => {
      const [record] = await database()
        .db.select()
        .from(subMerchants)
        .where(
          and(
            eq(subMerchants.platformId, platform.platformId),
            eq(subMerchants.provider, provider),
            eq(subMerchants.chApplymentState, 'auditing'),
          ),
        )
        .limit(1);
      const moved = await sandbox.control(platform.apiKey, 'POST', `/${provider}/applyments/${record!.chApplymentId}`, {
        state: 'rejected',
        rejectReasons: [{ field: 'licenseCopy', reason: '营业执照已过期' }],
      });
      expect(moved.status).toBe(200);
      const refreshed = await refreshSubMerchant(ctx(), { id: record!.id });
      expect(refreshed.chApplymentState).toBe('rejected');
    },
    60_000,
  );

  it('a second run adds new records (new ids and distributor ids) and keeps the counters right', async () => {
    const second = await seed(50);
    expect(second.created).toBe(50);
    expect(Object.values(await realCounts()).reduce((a, b) => a + b, 0)).toBe(RECORDS + 50);
    expect(await counterTable()).toEqual(await realCounts());
    // Numbering continues after the platform's records.
    expect((await listWorkQueue(ctx(), { tab: 'all', q: sampleLicenceNumber(RECORDS + 10) })).data).toHaveLength(1);
  });

  it('refuses a record count out of bounds and an unknown platform, each with its own message', async () => {
    await expect(seedSubMerchants(ctx(), { records: 0, upstream: async () => [] })).rejects.toThrow(
      '--records must be a whole number from 1 to 200000.',
    );
    await expect(seedSubMerchants(ctx(), { records: 200_001, upstream: async () => [] })).rejects.toThrow(
      '--records must be a whole number from 1 to 200000.',
    );
    await expect(
      seedSubMerchants({ ...ctx(), platformId: 'pf_doesnotexist' }, { records: 1, upstream: async () => [] }),
    ).rejects.toThrow(/Platform/);
  });

  it('refuses in live mode, before writing anything', async () => {
    // The secrets were read once already (getSecrets caches them): the live values only pass the config check.
    const live = validLiveEnv();
    const saved = Object.fromEntries(Object.keys(live).map((name) => [name, process.env[name]]));
    Object.assign(process.env, live);
    resetEnvForTests();
    try {
      const before = await realCounts();
      await expect(seed(10)).rejects.toThrow(/only runs with UPSTREAM_MODE=sandbox/);
      expect(await realCounts()).toEqual(before);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvForTests();
    }
  });
});
