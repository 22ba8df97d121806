/**
 * Seeds N sub-merchants under review, both in our table and upstream (the sandbox), fast enough for 10,000.
 *
 * How: a few templates go through the real flow (images uploaded to the sandbox, create, submit over HTTP),
 * so the sandbox holds genuine applyment objects (the submit body with RSA-OAEP-encrypted fields, sealed
 * with the field cipher). Each seeded record then gets a clone of a template's applyment under its own
 * business_code and applyment_id, written through the sandbox's own store (createDbSandboxStore), and a row
 * in sub_merchants inserted directly in state `auditing` with next_sync_at in the past. Import this module
 * only after the environment is set: app modules read it on first use.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { createDbSandboxStore } from '@/sandbox/db-store';
import { sandboxNamespace } from '@/server/config/sandbox-namespace';
import { namespacedStore } from '@/sandbox/namespace';
import { APPLYMENT_KIND, newSubMchid, type SandboxApplyment } from '@/sandbox/providerA/pay/applyment-store';
import { completeFormDataFixture } from '../../test/support/form-data-fixtures';
import type { Db } from '@/server/db';
import { subMerchants } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { submissionId } from '@/server/services/sub-merchants/submission-id';
import { submitSubMerchant } from '@/server/services/sub-merchants/submit-sub-merchant';
import { createPlatformWithKey } from '../../test/support/fixtures';
import { serviceUploader, uploadTestImages } from '../../test/support/sub-merchants';
import { reviewUnderWayStates } from '@/domain/sub-merchant-states';

type Row = typeof subMerchants.$inferSelect;

export type SeedOptions = {
  db: Db;
  count: number;
  templates: number;
  /** Share of records whose upstream application has moved on (to FINISHED): exercises history + event writes. */
  changedFraction: number;
  log: (line: string) => void;
};

export async function seedUnderReview({ db, count, templates, changedFraction, log }: SeedOptions) {
  const { platformId, apiKey } = await createPlatformWithKey(db);
  const ctx = { db, platformId, actor: 'bench' };
  const store = namespacedStore(
    createDbSandboxStore(async () => db),
    sandboxNamespace(platformId),
  );

  let started = Date.now();
  const media = await uploadTestImages(serviceUploader(db, platformId), 'providerA');
  const templateRows: Row[] = [];
  for (let i = 0; i < templates; i++) {
    const formData = completeFormDataFixture(media);
    const { record } = await createSubMerchant(ctx, {
      distributorExternalUserId: `bench-template-${i}`,
      provider: 'providerA',
      formData,
    });
    await submitSubMerchant(ctx, { id: record.id, patch: undefined });
  }
  templateRows.push(...(await db.select().from(subMerchants).where(eq(subMerchants.platformId, platformId))));
  const notUnderReview = templateRows.filter((r) => r.chApplymentState !== 'auditing');
  if (notUnderReview.length > 0)
    throw new Error(`${notUnderReview.length} template(s) did not reach "auditing" through the real submit.`);
  const templateApplyments = await Promise.all(
    templateRows.map((r) => store.get<SandboxApplyment>(APPLYMENT_KIND, submissionId(r))),
  );
  if (templateApplyments.some((a) => !a))
    throw new Error('A submitted template has no applyment in the sandbox store.');
  log(`submitted ${templates} template(s) through the real flow in ${Date.now() - started} ms`);

  started = Date.now();
  const base = randomInt(100_000_000_000);
  const now = Date.now();
  let expectedChanged = 0;
  const seeded: { row: typeof subMerchants.$inferInsert; applyment: SandboxApplyment }[] = [];
  for (let i = 0; i < count; i++) {
    const template = templateRows[i % templateRows.length]!;
    const upstream = templateApplyments[i % templateApplyments.length]!;
    const id = newId('sm');
    const businessCode = submissionId({ id, provider: 'providerA', reviewRound: 1 });
    const applymentId = `2000${String(base + i).padStart(12, '0')}`;
    const changed = Math.floor((i + 1) * changedFraction) > Math.floor(i * changedFraction);
    if (changed) expectedChanged++;
    const at = new Date(now - 60_000 - (count - i));
    seeded.push({
      row: {
        id,
        platformId,
        distributorExternalUserId: `bench-seller-${i}`,
        provider: 'providerA',
        status: 'pending',
        commissionRate: template.commissionRate,
        // The template's sealed formData: the same cipher tokens on every clone decrypt the same way.
        formData: template.formData,
        chApplymentId: applymentId,
        chApplymentState: 'auditing',
        chApplymentStateMsg: template.chApplymentStateMsg,
        rejectReasons: [],
        reviewRound: 1,
        lastSyncedAt: at,
        nextSyncAt: at,
        createdAt: at,
        updatedAt: at,
      },
      applyment: {
        ...structuredClone(upstream),
        business_code: businessCode,
        applyment_id: applymentId,
        state: changed ? 'APPLYMENT_STATE_FINISHED' : 'APPLYMENT_STATE_AUDITING',
        ...(changed ? { sub_mchid: newSubMchid() } : {}),
        round: 1,
        audit_detail: [],
        request: { ...upstream.request, business_code: businessCode },
      },
    });
  }
  for (let i = 0; i < seeded.length; i += 500) {
    await db.insert(subMerchants).values(seeded.slice(i, i + 500).map((s) => s.row));
  }
  let next = 0;
  const put = async () => {
    for (let i = next++; i < seeded.length; i = next++)
      await store.put(APPLYMENT_KIND, seeded[i]!.applyment.business_code, seeded[i]!.applyment);
  };
  await Promise.all(Array.from({ length: 16 }, put));
  // The templates are already synced by their submit; push them out of the measured set.
  await db
    .update(subMerchants)
    .set({ nextSyncAt: null })
    .where(
      inArray(
        subMerchants.id,
        templateRows.map((r) => r.id),
      ),
    );
  log(
    `seeded ${count} records under review (${expectedChanged} with a changed upstream state) in ${Date.now() - started} ms`,
  );
  return { platformId, apiKey, expectedChanged, seededIds: new Set(seeded.map((s) => s.row.id)) };
}

/** After the run: how many seeded records the sync reached, by state. */
export async function countOutcome(db: Db, platformId: string, seededIds: Set<string>, since: Date) {
  const all = await db
    .select({
      id: subMerchants.id,
      state: subMerchants.chApplymentState,
      lastSyncedAt: subMerchants.lastSyncedAt,
      status: subMerchants.status,
    })
    .from(subMerchants)
    .where(
      and(
        eq(subMerchants.platformId, platformId),
        inArray(subMerchants.chApplymentState, [...reviewUnderWayStates, 'finished']),
      ),
    );
  const rows = all.filter((r) => seededIds.has(r.id));
  const synced = rows.filter((r) => r.lastSyncedAt && r.lastSyncedAt >= since);
  return {
    synced: synced.length,
    finished: synced.filter((r) => r.state === 'finished' && r.status === 'active').length,
    stillAuditing: synced.filter((r) => r.state === 'auditing').length,
    notSynced: rows.filter((r) => !r.lastSyncedAt || r.lastSyncedAt < since).map((r) => r.id),
  };
}
