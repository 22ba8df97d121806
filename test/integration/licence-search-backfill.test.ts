import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subMerchants } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createOperator } from '@/server/services/operators/create-operator';
import { createPlatform } from '@/server/services/platforms/create-platform';
import { backfillLicenceSearchKeys } from '@/server/services/sub-merchants/backfill-licence-search-keys';
import { licenceSearchKey } from '@/server/services/sub-merchants/licence-search-key';
import { describeEachDatabase } from '../support/databases';

const createCaller = createCallerFactory(appRouter);

describeEachDatabase('licence search keys for records stored before the column existed', (database) => {
  let platformId: string;
  let operatorId: string;
  const suffix = String(Date.now()).slice(-7);
  const licence = (i: number) => `91440300MA${suffix}${i}`;
  const ids: string[] = [];

  beforeAll(async () => {
    const db = database().db;
    platformId = (await createPlatform({ db, actor: 'test' }, { name: 'Backfill' })).platform.id;
    operatorId = (
      await createOperator(
        { db, actor: 'test' },
        { email: `backfill-${suffix}@example.com`, password: 'a-long-password-1', platformId, role: 'operator' },
      )
    ).operatorId;
    // Seven old records (no search key), one without a licence number, one already keyed.
    const rows = Array.from({ length: 9 }, (_, i) => ({
      id: newId('sm'),
      platformId,
      provider: 'providerA' as const,
      status: 'pending' as const,
      distributorExternalUserId: `old-seller-${i}`,
      formData: i === 7 ? { merchantName: '无执照草稿' } : { merchantName: `老商户 ${i}`, licenseNumber: licence(i) },
      licenceNumberHmac: i === 8 ? licenceSearchKey(licence(8)) : null,
    }));
    await db.insert(subMerchants).values(rows as never);
    ids.push(...rows.map((row) => row.id));
  });

  const search = (q: string) =>
    createCaller({ operatorId, db: database().db, requestId: 'req_test' }).subMerchantConsole.queue({
      platformId,
      tab: 'all',
      q,
    });

  it('an old record is found by licence number once the backfill has run, and a re-run changes nothing', async () => {
    const db = database().db;
    expect((await search(licence(3))).data).toHaveLength(0);
    const before = await db
      .select({ id: subMerchants.id, updatedAt: subMerchants.updatedAt, version: subMerchants.version })
      .from(subMerchants)
      .where(inArray(subMerchants.id, ids));

    // Two instances at once, in batches smaller than the work: each row is keyed exactly once.
    const [first, second] = await Promise.all([
      backfillLicenceSearchKeys({ db, actor: 'test' }, { batchSize: 2 }),
      backfillLicenceSearchKeys({ db, actor: 'test' }, { batchSize: 2 }),
    ]);
    // Other suites' records on a shared database may be filled too: at least our seven.
    expect(first.filled + second.filled).toBeGreaterThanOrEqual(7);

    const found = await search(` ${licence(3).slice(0, 8)}-${licence(3).slice(8).toLowerCase()} `);
    expect(found.data.map((row) => row.distributorExternalUserId)).toEqual(['old-seller-3']);
    const keyed = await db
      .select({ id: subMerchants.id, hmac: subMerchants.licenceNumberHmac })
      .from(subMerchants)
      .where(inArray(subMerchants.id, ids));
    expect(keyed.filter((row) => row.hmac === null).map((row) => row.id)).toEqual([ids[7]]);
    expect(keyed.every((row) => !row.hmac?.includes(suffix))).toBe(true);

    const after = await db
      .select({ id: subMerchants.id, updatedAt: subMerchants.updatedAt, version: subMerchants.version })
      .from(subMerchants)
      .where(inArray(subMerchants.id, ids));
    expect(after.sort((a, b) => a.id.localeCompare(b.id))).toEqual(before.sort((a, b) => a.id.localeCompare(b.id)));

    const again = await backfillLicenceSearchKeys({ db, actor: 'test' });
    expect(again.filled).toBe(0);
    const [untouched] = await db
      .select({ hmac: subMerchants.licenceNumberHmac })
      .from(subMerchants)
      .where(eq(subMerchants.id, ids[8]!));
    expect(untouched!.hmac).toBe(licenceSearchKey(licence(8)));
  });
});
