import { beforeAll, expect, it } from 'vitest';
import { baseRequiredFields } from '@/schemas/form-data';
import { VALID_ID_NUMBER } from '../support/form-data-fixtures';
import { syncDueSubMerchants } from '@/server/services/sub-merchants/sync-due-sub-merchants';
import { events, subMerchantHistory, subMerchants } from '@/server/db/schema';
import { sql } from 'drizzle-orm';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { completeFormData, paymentsApi } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';

describeEachDatabase('sub-merchant onboarding end to end against the sandbox', (database) => {
  const sandbox = useSandboxOverHttp();
  let api: ReturnType<typeof paymentsApi>;
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    api = paymentsApi(platform.apiKey);
  });
  const applymentsFor = async (provider: string, applymentId: string) =>
    (
      (await sandbox.control(platform.apiKey, 'GET', `/${provider}/applyments`)).body!.data as Record<string, unknown>[]
    ).filter((a) => JSON.stringify(a).includes(applymentId));
  const dueNow = () =>
    database()
      .db.update(subMerchants)
      .set({ nextSyncAt: sql`now() - interval '1 second'` });

  it('creates idempotently: 201 then 200 with the same record; two providers make two records', async () => {
    const first = await api.create({ distributorExternalUserId: 'seller-idem' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'pending', provider: 'providerA', commissionRate: 0 });
    expect(first.body.chApplymentState).toBeUndefined();
    const again = await api.create({ distributorExternalUserId: 'seller-idem', formData: { contactName: 'ignored' } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const other = await api.create({ distributorExternalUserId: 'seller-idem', provider: 'providerB' });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('refuses bad create bodies with pointers and stores nothing', async () => {
    const response = await api.create({
      distributorExternalUserId: 'x',
      provider: 'providerZ',
      commissionRate: 0.123,
      formData: { bogus: 1, contactName: 5 },
    });
    expect(response.status).toBe(400);
    const pointers = (response.body.errors as { pointer: string }[]).map((e) => e.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(['/provider', '/commissionRate', '/formData/bogus', '/formData/contactName']),
    );
    expect((await api.list('?distributor_external_user_id=x')).body.data).toHaveLength(0);
  });

  it('submit with nothing answers 422 form_incomplete listing every base field, and changes nothing', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'seller-empty' });
    const response = await api.submit(body.id, {});
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('form_incomplete');
    const pointers = (response.body.errors as { pointer: string }[]).map((e) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(baseRequiredFields.map((f) => `/formData/${f}`)));
    expect((await api.get(body.id)).body.chApplymentState).toBeUndefined();
  });

  it('names exactly the missing conditional fields (enterprise + store + mini program + web) and refuses an enterprise with a personal account', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'seller-conditional' });
    const formData = await completeFormData(api, 'providerA', {
      salesScene: ['SALES_SCENES_STORE', 'SALES_SCENES_MINI_PROGRAM', 'SALES_SCENES_WEB'],
      storeName: null,
      storeIndoorPics: null,
      idCardAddress: null,
      bankAccountType: 'BANK_ACCOUNT_TYPE_PERSONAL',
    });
    const response = await api.submit(body.id, { formData });
    expect(response.status).toBe(422);
    const pointers = (response.body.errors as { pointer: string }[]).map((e) => e.pointer).sort();
    expect(pointers).toEqual(
      [
        '/formData/bankAccountType',
        '/formData/idCardAddress',
        '/formData/miniProgramAppid',
        '/formData/storeIndoorPics',
        '/formData/storeName',
        '/formData/websiteDomain',
      ].sort(),
    );
  });

  for (const provider of ['providerA', 'providerB'] as const) {
    it(`${provider}: submit → replay without a second application → rejected → fix → resubmit → finished → active after a sync`, async () => {
      const { body: created } = await api.create({
        distributorExternalUserId: `seller-flow-${provider}`,
        provider,
        commissionRate: 0.6,
      });
      const formData = await completeFormData(api, provider);
      const submitted = await api.submit(created.id, { formData });
      expect(submitted.status).toBe(200);
      expect(submitted.body.replayed).toBe(false);
      expect(['submitted', 'auditing']).toContain(submitted.body.chApplymentState);
      const applymentId = submitted.body.chApplymentId as string;
      expect(applymentId).toBeTruthy();
      expect(submitted.body.formData.idCardNumber).toBe('**************002X');

      const replay = await api.submit(created.id, {});
      expect(replay.body).toMatchObject({ replayed: true, chApplymentId: applymentId });
      expect(await applymentsFor(provider, applymentId)).toHaveLength(1);

      const upstreamField = provider === 'providerA' ? 'id_card_copy' : 'cert_image';
      await sandbox.control(platform.apiKey, 'POST', `/${provider}/applyments/${applymentId}`, {
        state: 'rejected',
        rejectReasons: [{ field: upstreamField, reason: '证件照片模糊' }],
      });
      await dueNow();
      await syncDueSubMerchants({ db: database().db, actor: 'test' });
      const rejected = (await api.get(created.id)).body;
      expect(rejected.chApplymentState).toBe('rejected');
      expect(rejected.rejectReasons[0]).toMatchObject({ reason: '证件照片模糊' });
      expect(rejected.rejectReasons[0].field).toMatch(/^(idCardCopy|licenseCopy)$/);

      const images = await completeFormData(api, provider);
      const resubmitted = await api.submit(created.id, {
        formData: { idCardCopy: images.idCardCopy, licenseCopy: images.licenseCopy },
      });
      expect(resubmitted.body.replayed).toBe(false);
      expect(['submitted', 'auditing']).toContain(resubmitted.body.chApplymentState);
      expect(resubmitted.body.rejectReasons).toEqual([]);

      const roundId = resubmitted.body.chApplymentId as string;
      await sandbox.control(platform.apiKey, 'POST', `/${provider}/applyments/${roundId}`, { state: 'finished' });
      await dueNow();
      const { synced } = await syncDueSubMerchants({ db: database().db, actor: 'test' });
      // providerA has no applyment notifications: the sync brings the news. providerB pushed it already.
      if (provider === 'providerA') expect(synced).toBeGreaterThan(0);
      const active = (await api.get(created.id)).body;
      expect(active).toMatchObject({ status: 'active', chApplymentState: 'finished' });
      expect(active.chSubMchid).toBeTruthy();
      expect((await api.submit(created.id, {})).body).toMatchObject({ replayed: true, status: 'active' });

      // Terminal records are not polled any more.
      await dueNow();
      const [row] = await database()
        .db.select()
        .from(subMerchants)
        .where(sql`id = ${created.id}`);
      expect(row!.chApplymentState).toBe('finished');
    });
  }

  it('a sync that finds nothing new stamps the record and writes no version, history or event', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'seller-quiet-sync', provider: 'providerA' });
    await api.submit(body.id, { formData: await completeFormData(api, 'providerA') });
    const [before] = await database()
      .db.select()
      .from(subMerchants)
      .where(sql`id = ${body.id}`);
    const historyBefore = await database()
      .db.select()
      .from(subMerchantHistory)
      .where(sql`sub_merchant_id = ${body.id}`);
    const eventsBefore = await database().db.select().from(events);
    await database()
      .db.update(subMerchants)
      .set({ nextSyncAt: sql`now() - interval '1 second'` })
      .where(sql`id = ${body.id}`);
    expect((await syncDueSubMerchants({ db: database().db, actor: 'test' })).synced).toBeGreaterThanOrEqual(1);
    const [after] = await database()
      .db.select()
      .from(subMerchants)
      .where(sql`id = ${body.id}`);
    expect(after!.version).toBe(before!.version);
    expect(after!.lastSyncedAt!.getTime()).toBeGreaterThan(before!.lastSyncedAt!.getTime());
    expect(after!.nextSyncAt!.getTime()).toBeGreaterThan(Date.now());
    expect(
      await database()
        .db.select()
        .from(subMerchantHistory)
        .where(sql`sub_merchant_id = ${body.id}`),
    ).toHaveLength(historyBefore.length);
    expect(await database().db.select().from(events)).toHaveLength(eventsBefore.length);
  });

  it('GET answers 304 for an unchanged ETag and a new ETag after a change', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'seller-etag' });
    const first = await api.get(body.id);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await api.get(body.id, { 'if-none-match': etag })).status).toBe(304);
    await api.put(body.id, { commissionRate: 1.5 });
    const changed = await api.get(body.id, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.commissionRate).toBe(1.5);
  });

  it('PUT: saves draft formData, refuses skipping onboarding (409) and unverified back-fills', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'seller-put' });
    const draft = await api.put(body.id, { formData: { contactName: '李四', idCardNumber: VALID_ID_NUMBER } });
    expect(draft.status).toBe(200);
    expect(draft.body.formData).toMatchObject({ contactName: '李*', idCardNumber: '**************002X' });
    expect(draft.body.requirements.currentlyDue).not.toContain('contactName');
    expect((await api.put(body.id, { status: 'active' })).body.code).toBe('invalid_status_transition');
    const skip = await api.put(body.id, { status: 'active', chSubMchid: '1900000109' });
    expect(skip.status).toBe(409);
    expect(skip.body.code).toBe('sub_merchant_unverified');
    expect((await api.put(body.id, { status: 'suspended' })).status).toBe(409);
    expect((await api.get(body.id)).body.status).toBe('pending');
  });

  it('another platform’s key gets 404 on every record endpoint and sees none of the records', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'seller-private' });
    const stranger = paymentsApi((await createPlatformWithKey(database().db)).apiKey);
    expect((await stranger.get(body.id)).status).toBe(404);
    expect((await stranger.put(body.id, { commissionRate: 1 })).status).toBe(404);
    expect((await stranger.submit(body.id, {})).status).toBe(404);
    expect((await stranger.list()).body.data).toHaveLength(0);
    expect((await stranger.create({ distributorExternalUserId: 'seller-private' })).status).toBe(201);
  });
});
