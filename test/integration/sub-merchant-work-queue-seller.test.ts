/**
 * The work queue's "seller submitted" filter (issue 30): records a seller submitted from the hosted form under the
 * review policy (reviewRequestedAt) are found by the page, the tab counts and the CSV export alike, each row says so,
 * and another platform's such records never appear.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subMerchants } from '@/server/db/schema';
import { createOperator } from '@/server/services/operators/create-operator';
import { exportWorkQueue } from '@/server/services/sub-merchants/export-work-queue';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { workQueueExportQuery } from '@/schemas/work-queue-requests';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';

const createCaller = createCallerFactory(appRouter);

describeEachDatabase('work queue: seller submitted, waiting for review', (database) => {
  let platformId: string;
  let operatorId: string;
  const ids = { submitted: '', draft: '', otherPlatform: '' };
  const as = () => createCaller({ operatorId, db: database().db, requestId: 'req_test' });

  beforeAll(async () => {
    const db = database().db;
    platformId = (await createPlatformWithKey(db)).platformId;
    const otherPlatformId = (await createPlatformWithKey(db)).platformId;
    operatorId = (
      await createOperator(
        { db, actor: 'test' },
        { email: `queue-seller-${Date.now()}@example.com`, password: 'a-long-password-1', platformId, role: 'viewer' },
      )
    ).operatorId;
    const create = async (platform: string, distributor: string) =>
      (
        await createSubMerchant(
          { db, platformId: platform, actor: 'test' },
          { provider: 'providerA', distributorExternalUserId: distributor },
        )
      ).record.id;
    ids.submitted = await create(platformId, 'seller-submitted');
    ids.draft = await create(platformId, 'seller-draft');
    ids.otherPlatform = await create(otherPlatformId, 'seller-elsewhere');
    // The state a seller's submit under payments.seller_submit=review leaves (seller-onboarding.test.ts drives it).
    await db
      .update(subMerchants)
      .set({ reviewRequestedAt: new Date('2026-11-28T09:30:00Z') })
      .where(inArray(subMerchants.id, [ids.submitted, ids.otherPlatform]));
  });

  it('the page lists only those records, each saying so; without the filter both drafts are there', async () => {
    const filtered = await as().subMerchantConsole.queue({ platformId, tab: 'action', sellerSubmitted: true });
    expect(filtered.data.map((item) => item.id)).toEqual([ids.submitted]);
    expect(filtered.data[0]!.reviewRequestedAt).toBe('2026-11-28T09:30:00.000Z');
    const all = await as().subMerchantConsole.queue({ platformId, tab: 'action' });
    expect(all.data.map((item) => item.id).sort()).toEqual([ids.submitted, ids.draft].sort());
    expect(all.data.find((item) => item.id === ids.draft)!.reviewRequestedAt).toBeUndefined();
  });

  it('the tab counts follow the filter', async () => {
    expect(await as().subMerchantConsole.counts({ platformId, sellerSubmitted: true })).toEqual({
      action: 1,
      merchant: 0,
      review: 0,
      active: 0,
      suspended: 0,
      all: 1,
    });
    expect((await as().subMerchantConsole.counts({ platformId })).action).toBe(2);
  });

  it('the CSV export of the filtered view holds only those records', async () => {
    const lines: string[] = [];
    for await (const line of exportWorkQueue(
      { db: database().db, platformId, actor: 'test' },
      workQueueExportQuery.parse({ tab: 'all', seller: '1' }),
    ))
      lines.push(line);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(ids.submitted);
    expect(lines.join('')).not.toContain(ids.draft);
  });

  it('an operator submitting the record clears it from the filter', async () => {
    await database().db.update(subMerchants).set({ reviewRequestedAt: null }).where(eq(subMerchants.id, ids.submitted));
    expect((await as().subMerchantConsole.queue({ platformId, tab: 'all', sellerSubmitted: true })).data).toEqual([]);
  });
});
