/**
 * Upgrades from the past: a database built by the migrations of commit e9551b3 (2026-11-25, migrations 0000–0009:
 * before idempotency keys, the work queue and its counters, account mail, retention indexes and onboarding links),
 * filled with raw SQL the way that version's services wrote (personal fields and the webhook secret sealed with the
 * data key, a sealed image, history, events with their deliveries), then migrated to today by the normal start-up
 * path (`openDatabase`). Every record, encrypted field and event is read back through the /v1 handlers and the
 * services, the start-up backfills run over the old rows, and the upgraded database takes new writes.
 *
 * The old version's migration journal is committed in test/fixtures/migrations-e9551b3/meta (`git show
 * e9551b3:drizzle/meta/_journal.json`), so the test needs no git history (a shallow clone runs it too). Its SQL files
 * are today's drizzle/0000–0009: migrations are never edited once released (only 0006's leading comment changed
 * since, and the migrator reads no comment), so one copy of each serves both.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as eventRoute from '@/app/v1/events/[id]/route';
import * as eventsRoute from '@/app/v1/events/route';
import { maskFormData } from '@/schemas/form-data';
import { useDatabaseHandle } from '@/server/db';
import { subMerchants } from '@/server/db/schema';
import { openDatabase, pgliteExtensions, type DatabaseHandle } from '@/server/db/open-database';
import { revealWebhookSecret } from '@/server/services/events/reveal-webhook-secret';
import { getMedia } from '@/server/services/media/get-media';
import { mediaDigest } from '@/server/services/media/media-digest';
import { backfillLicenceSearchKeys } from '@/server/services/sub-merchants/backfill-licence-search-keys';
import { countWorkQueue } from '@/server/services/sub-merchants/count-work-queue';
import { listSubMerchantHistory } from '@/server/services/sub-merchants/list-sub-merchant-history';
import { revealFormData } from '@/server/services/sub-merchants/sub-merchant-dto';
import { apiHeaders, callRoute } from '../support/call-route';
import { testDrivers, type DriverName } from '../support/databases';
import { useEnv } from '../support/scoped-env';
import { paymentsApi } from '../support/sub-merchants';

const oldCommit = 'e9551b3';
const todaysMigrations = path.join(process.cwd(), 'drizzle');
/** The old journal beside the SQL files it names, taken from drizzle/: the folder the old version migrated from. */
const oldMigrations = (() => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-e9551b3-'));
  const journal = path.join(process.cwd(), 'test/fixtures/migrations-e9551b3/meta/_journal.json');
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.copyFileSync(journal, path.join(folder, 'meta/_journal.json'));
  const { entries } = JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: { tag: string }[] };
  for (const { tag } of entries)
    fs.copyFileSync(path.join(todaysMigrations, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
})();
const journalLength = (folder: string) =>
  (JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries
    .length;

const keyId = 'k20261125';
const keyMaterial = randomBytes(32);
const sessionSecret = randomBytes(32).toString('base64url');

/**
 * The field cipher's token as e9551b3 wrote it (`enc:v1:<keyId>:<iv>:<ciphertext+tag>`, AES-256-GCM with the
 * prefix as additional data), built here with node:crypto so the test does not borrow today's writer.
 */
function sealAsOldVersion(plain: string | Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyMaterial, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(`enc:v1:${keyId}`));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return ['enc', 'v1', keyId, iv.toString('base64url'), sealed.toString('base64url')].join(':');
}

const personalFieldNames = [
  'contactName',
  'contactMobile',
  'contactEmail',
  'idCardName',
  'idCardNumber',
  'idCardAddress',
  'accountName',
  'accountNumber',
] as const;

type OldRecord = {
  id: string;
  distributor: string;
  provider: 'providerA' | 'providerB';
  status: 'pending' | 'active';
  state: string | null;
  applymentId: string | null;
  subMchid: string | null;
  plain: Record<string, string>;
};

const record = (suffix: string, n: number, overrides: Partial<OldRecord>): OldRecord => ({
  id: `sm_upgrade${suffix}${n}`,
  distributor: `seller-${n}`,
  provider: 'providerA',
  status: 'pending',
  state: null,
  applymentId: null,
  subMchid: null,
  plain: {
    merchantName: `升级测试商户${n}有限公司`,
    merchantShortname: `升级${n}`,
    licenseNumber: `91440300MA5F${String(100_000 + n).slice(-6)}`,
    contactName: `联系人${n}`,
    contactMobile: `1380013${String(1000 + n).slice(-4)}`,
    contactEmail: `upgrade-${n}@example.com`,
    idCardName: `证件名${n}`,
    idCardNumber: `44030519900101${String(1000 + n).slice(-4)}`,
    idCardAddress: `深圳市南山区科技园${n}号`,
    accountName: `升级测试商户${n}有限公司`,
    accountNumber: `6222021234567${String(100_000 + n).slice(-6)}`,
  },
  ...overrides,
});

/** What one platform of the old version held: its API key, webhook secret and three records in three tabs. */
const oldPlatform = (suffix: string) => ({
  suffix,
  platformId: `plat_upgrade${suffix}`,
  apiKeyId: `key_upgrade${suffix}`,
  apiKey: `sk_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x').slice(0, 32)}`,
  webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
  records: [
    record(suffix, 1, {}),
    record(suffix, 2, { state: 'auditing', applymentId: '2000002312345671' }),
    record(suffix, 3, {
      provider: 'providerB',
      status: 'active',
      state: 'finished',
      applymentId: '2088000000000003',
      subMchid: '2088123456789003',
    }),
  ] as OldRecord[],
});
type OldPlatform = ReturnType<typeof oldPlatform>;
const before = oldPlatform(randomBytes(4).toString('hex'));
const { suffix, platformId, apiKeyId, apiKey, webhookSecret, records } = before;
const sealedForm = (plain: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(plain).map(([field, value]) => [
      field,
      (personalFieldNames as readonly string[]).includes(field) ? sealAsOldVersion(value) : value,
    ]),
  );
const filledAt = Date.now();
const minutesAgo = (m: number) => new Date(filledAt - m * 60_000);
/** The `sub_merchant.updated` body e9551b3 stored: the change and the masked record as its API showed it. */
const oldEventData = (r: OldRecord, change: string, platform = platformId) => ({
  change,
  object: {
    id: r.id,
    object: 'sub_merchant',
    platformId: platform,
    distributorExternalUserId: r.distributor,
    provider: r.provider,
    status: r.status,
    commissionRate: 0.6,
    chApplymentId: r.applymentId ?? undefined,
    chApplymentState: r.state ?? undefined,
    rejectReasons: [],
    formData: maskFormData(r.plain),
    requirements: { currentlyDue: [] },
    createdAt: minutesAgo(60).toISOString(),
    updatedAt: minutesAgo(30).toISOString(),
  },
});

type Run = (text: string, values: unknown[]) => Promise<unknown>;
/** Parameters as text, the way both drivers take them for any column type. */
const asText = (values: unknown[]) => values.map((v) => (v instanceof Date ? v.toISOString() : v));

/** Writes what e9551b3's services wrote for a platform with an API key, three records, an image and their events. */
async function fillAsOldVersion(run: Run, image: Buffer, platform: OldPlatform = before) {
  const { suffix, platformId, apiKeyId, apiKey, webhookSecret, records } = platform;
  await run(
    `insert into platforms (id, name, config, webhook_secret_enc, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, $5, $5)`,
    [
      platformId,
      'Platform from e9551b3',
      JSON.stringify({ 'payments.default_commission_rate': 0.6 }),
      sealAsOldVersion(webhookSecret),
      minutesAgo(90),
    ],
  );
  await run(
    `insert into api_keys (id, platform_id, name, display_prefix, key_hash, services, created_at)
     values ($1, $2, 'old key', $3, $4, '{payments,miniprogram}', $5)`,
    [
      apiKeyId,
      platformId,
      `${apiKey.slice(0, 12)}…`,
      createHash('sha256').update(apiKey).digest('hex'),
      minutesAgo(90),
    ],
  );
  for (const r of records) {
    await run(
      `insert into sub_merchants (id, platform_id, distributor_external_user_id, provider, status, commission_rate,
         form_data, ch_sub_mchid, ch_applyment_id, ch_applyment_state, review_round, version, created_at, updated_at,
         next_sync_at)
       values ($1, $2, $3, $4, $5, '0.60', $6::jsonb, $7, $8, $9, $10, 3, $11, $12, $13)`,
      [
        r.id,
        platformId,
        r.distributor,
        r.provider,
        r.status,
        JSON.stringify(sealedForm(r.plain)),
        r.subMchid,
        r.applymentId,
        r.state,
        r.state ? 1 : 0,
        minutesAgo(60),
        minutesAgo(30),
        r.state === 'auditing' ? minutesAgo(-5) : null,
      ],
    );
    await run(
      `insert into sub_merchant_history (id, sub_merchant_id, actor, action, changes, created_at)
       values ($1, $2, $3, 'created', $4::jsonb, $5)`,
      [
        `smh_${r.id}_1`,
        r.id,
        `apikey:${apiKeyId}`,
        JSON.stringify({ formData: { from: null, to: { fields: Object.keys(r.plain).sort() } } }),
        minutesAgo(60),
      ],
    );
    if (r.state)
      await run(
        `insert into sub_merchant_history (id, sub_merchant_id, actor, action, changes, created_at)
         values ($1, $2, 'sync', 'upstream_status', $3::jsonb, $4)`,
        [`smh_${r.id}_2`, r.id, JSON.stringify({ chApplymentState: { from: null, to: r.state } }), minutesAgo(30)],
      );
    const eventId = `evt_upgrade${suffix}${r.id.slice(-1)}`;
    await run(
      `insert into events (id, platform_id, type, data, created_at) values ($1, $2, 'sub_merchant.updated', $3::jsonb, $4)`,
      [eventId, platformId, JSON.stringify(oldEventData(r, 'created', platformId)), minutesAgo(59)],
    );
    await run(
      `insert into event_deliveries (id, event_id, platform_id, url, status, attempts, last_attempt_at, last_status_code,
         delivered_at, created_at)
       values ($1, $2, $3, 'https://hooks.example.com/onboarding', 'delivered', 1, $4, 200, $4, $4)`,
      [`dlv_${eventId}`, eventId, platformId, minutesAgo(59)],
    );
    await run(
      `insert into delivery_attempts (id, delivery_id, attempt, started_at, duration_ms, status_code, response_snippet)
       values ($1, $2, 1, $3, 42, 200, 'ok')`,
      [`att_${eventId}`, `dlv_${eventId}`, minutesAgo(59)],
    );
  }
  await run(
    `insert into media (id, platform_id, provider, upstream_media_id, mime_type, size, original_size, width, height,
       bytes, content_hmac, sealed_bytes, created_by, created_at)
     values ($1, $2, 'providerA', $3, 'image/jpeg', $4, $4, 32, 24, null, $5, $6, $7, $8)`,
    [
      `med_upgrade${suffix}`,
      platformId,
      `V1_upgrade_${suffix}`,
      image.length,
      mediaDigest(image),
      sealAsOldVersion(image),
      `apikey:${apiKeyId}`,
      minutesAgo(61),
    ],
  );
}

/** A fresh database migrated with e9551b3's migrations and filled as that version wrote; the reopen migrates it. */
async function buildOldDatabase(driver: DriverName, image: Buffer) {
  if (driver === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-'));
    const client = new PGlite(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions });
    await migratePglite(drizzlePglite(client), { migrationsFolder: oldMigrations });
    await fillAsOldVersion((text, values) => client.query(text, asText(values)), image);
    await client.close();
    return {
      reopen: () => openDatabase({ driver: 'pglite', dataDir, holder: 'test' }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_upgrade_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await migratePostgres(drizzlePostgres(client), { migrationsFolder: oldMigrations });
  await fillAsOldVersion((text, values) => client.unsafe(text, asText(values) as never[]), image);
  await client.end();
  return {
    reopen: () => openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 4 }),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

// The installation's key ring, as the old version's instances had it: the upgrade keeps the same keys.
useEnv({ DATA_ENCRYPTION_KEY: `${keyId}:${keyMaterial.toString('base64')}`, SESSION_SECRET: sessionSecret });
afterAll(() => fs.rmSync(oldMigrations, { recursive: true, force: true }));

for (const driver of testDrivers()) {
  describe(`a database made by ${oldCommit} (migrations 0000–0009) upgraded to today [${driver}]`, () => {
    let old: Awaited<ReturnType<typeof buildOldDatabase>>;
    let handle: DatabaseHandle;
    let image: Buffer;
    const ctx = () => ({ db: handle.db, platformId, actor: 'test' });
    const payments = paymentsApi(apiKey);

    beforeAll(async () => {
      image = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3a7bd5' } })
        .jpeg()
        .toBuffer();
      old = await buildOldDatabase(driver, image);
      handle = await old.reopen();
      useDatabaseHandle(handle);
    }, 120_000);
    afterAll(async () => {
      useDatabaseHandle(undefined);
      await handle?.close();
      await old?.drop();
    });

    it('applies every migration after 0009 on top of the old journal', async () => {
      expect(journalLength(oldMigrations)).toBe(10);
      const { rows } = await handle.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect((rows[0] as { n: number }).n).toBe(journalLength(todaysMigrations));
      // Tables the old version did not have exist now and start empty.
      const { rows: tables } = await handle.executeSql(
        `select count(*)::int as n from information_schema.tables
         where table_schema = 'public' and table_name in ('idempotency_keys', 'audit_log', 'account_mail_tokens', 'onboarding_links')`,
      );
      expect((tables[0] as { n: number }).n).toBe(4);
    });

    it('reads every old record through /v1 with the old API key: masked personal data, upstream ids, states', async () => {
      const list = await payments.list('?limit=10');
      expect(list.status).toBe(200);
      expect((list.body.data as { id: string }[]).map((r) => r.id).sort()).toEqual(records.map((r) => r.id).sort());
      for (const r of records) {
        const read = await payments.get(r.id);
        expect(read.status).toBe(200);
        // The masked view is computed from the decrypted old tokens: equal to masking the plain values.
        expect(read.body.formData).toEqual(maskFormData(r.plain));
        expect(read.body.formData.contactMobile).not.toBe(r.plain.contactMobile);
        expect(read.body).toMatchObject({
          distributorExternalUserId: r.distributor,
          provider: r.provider,
          status: r.status,
          commissionRate: 0.6,
          // Absent fields are left out of the JSON, as the old version's answers did.
          ...(r.state && { chApplymentState: r.state }),
          ...(r.applymentId && { chApplymentId: r.applymentId }),
          ...(r.subMchid && { chSubMchid: r.subMchid }),
        });
        if (!r.state) expect(read.body).not.toHaveProperty('chApplymentState');
      }
    });

    it('decrypts every old encrypted field: personal data, the webhook secret and the sealed image', async () => {
      for (const r of records) {
        const [row] = await handle.db.select().from(subMerchants).where(eq(subMerchants.id, r.id));
        expect(revealFormData(row!)).toEqual(r.plain);
      }
      expect(await revealWebhookSecret(ctx())).toEqual({ webhookSecret, rotating: false });
      const stored = await getMedia(ctx(), { mediaId: `V1_upgrade_${suffix}` });
      expect(stored.bytes.equals(image)).toBe(true);
      expect(stored.mimeType).toBe('image/jpeg');
    });

    it('lists the old events through /v1/events and reads each by id, as their webhooks carried them', async () => {
      const headers = apiHeaders(apiKey, 'payments');
      const listed = await callRoute(eventsRoute.GET, '/v1/events?limit=10', { headers });
      expect(listed.status).toBe(200);
      const page = (await listed.json()) as { data: { id: string; type: string; data: unknown }[] };
      expect(page.data).toHaveLength(records.length);
      for (const r of records) {
        const id = `evt_upgrade${suffix}${r.id.slice(-1)}`;
        const expected = JSON.parse(JSON.stringify(oldEventData(r, 'created'))) as unknown;
        expect(page.data.find((e) => e.id === id)).toMatchObject({ type: 'sub_merchant.updated', data: expected });
        const single = await callRoute(eventRoute.GET, `/v1/events/${id}`, { headers, params: { id } });
        expect(single.status).toBe(200);
        expect(((await single.json()) as { data: unknown }).data).toEqual(expected);
      }
      const byObject = await callRoute(eventsRoute.GET, `/v1/events?objectId=${records[2]!.id}`, { headers });
      expect(((await byObject.json()) as { data: unknown[] }).data).toHaveLength(1);
    });

    it('keeps the history of every old record, actors described', async () => {
      for (const r of records) {
        const history = await listSubMerchantHistory(ctx(), { id: r.id });
        expect(history.map((h) => h.action)).toEqual(r.state ? ['created', 'upstream_status'] : ['created']);
        expect(history[0]).toMatchObject({ actorKind: 'apikey', actor: `apikey:${apiKeyId}` });
      }
    });

    it('puts the old records in the work queue: counters backfilled by the migration, licence search after the start-up backfill', async () => {
      expect(await countWorkQueue(ctx())).toMatchObject({ action: 1, review: 1, active: 1, all: 3 });
      const licence = records[1]!.plain.licenseNumber!;
      expect((await countWorkQueue(ctx(), { q: licence })).all).toBe(0); // no search key yet: stored before it existed
      expect(await backfillLicenceSearchKeys(ctx())).toEqual({ filled: 3, scanned: 3 });
      expect(await countWorkQueue(ctx(), { q: licence })).toMatchObject({ review: 1, all: 1 });
    });

    it('takes new writes after the upgrade: an update of an old record and a new one, with an Idempotency-Key', async () => {
      const old = records[0]!;
      const before = await payments.get(old.id);
      const updated = await payments.put(
        old.id,
        { formData: { contactMobile: '13900139000' } },
        { 'if-match': before.headers.get('etag')! },
      );
      expect(updated.status).toBe(200);
      const [row] = await handle.db.select().from(subMerchants).where(eq(subMerchants.id, old.id));
      expect(revealFormData(row!)).toEqual({ ...old.plain, contactMobile: '13900139000' });
      const created = await payments.create({ distributorExternalUserId: 'after-upgrade', provider: 'providerA' });
      expect(created.status).toBe(201);
      expect(await countWorkQueue(ctx())).toMatchObject({ action: 2, all: 4 });
    });

    it('an e9551b3 instance still serving during the rolling upgrade writes into the migrated schema, and today reads it', async () => {
      // The same statements the old build runs, now against today's schema: every table it writes kept its shape.
      const late = oldPlatform(randomBytes(4).toString('hex'));
      await fillAsOldVersion((text, values) => handle.executeSql(text, asText(values)), image, late);
      const later = paymentsApi(late.apiKey);
      const list = await later.list('?limit=10');
      expect((list.body.data as { id: string }[]).map((r) => r.id).sort()).toEqual(
        late.records.map((r) => r.id).sort(),
      );
      for (const r of late.records) expect((await later.get(r.id)).body.formData).toEqual(maskFormData(r.plain));
      const lateCtx = { db: handle.db, platformId: late.platformId, actor: 'test' };
      // Generated columns and the counter trigger (0012, 0013) fill in for rows the old build inserts.
      expect(await countWorkQueue(lateCtx)).toMatchObject({ action: 1, review: 1, active: 1, all: 3 });
      expect(await revealWebhookSecret(lateCtx)).toEqual({ webhookSecret: late.webhookSecret, rotating: false });
      const events = await callRoute(eventsRoute.GET, '/v1/events?limit=10', { headers: apiHeaders(late.apiKey) });
      expect(((await events.json()) as { data: unknown[] }).data).toHaveLength(late.records.length);
    });
  });
}
