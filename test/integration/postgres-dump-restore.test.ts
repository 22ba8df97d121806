/**
 * The documented PostgreSQL backup path (docs/operations.md, "Backups"), run with the real tools: records,
 * encrypted fields and events written through /v1, `pg_dump --format=custom` while the instance keeps its pool
 * open, the database dropped, `createdb` + `pg_restore --no-owner --exit-on-error` into a new one, and everything
 * read back through /v1 and the services by an instance started on it with the same key ring. With another
 * installation's key ring nothing decrypts, and a server refuses to start on it with one line that says so.
 *
 * PostgreSQL only: TEST_DATABASE_URL (CI), else the local server the e2e scale-out suite uses too.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as eventsRoute from '@/app/v1/events/route';
import { resetEnvForTests } from '@/env';
import { resetFieldCipherForTests } from '@/server/config/field-cipher';
import { useDatabaseHandle } from '@/server/db';
import { openDatabase, type DatabaseHandle } from '@/server/db/open-database';
import { subMerchants } from '@/server/db/schema';
import '@/server/jobs/all-jobs';
import { startJobs } from '@/server/jobs/start-jobs';
import { checkKeyRingCoversData, keyRingRefusal } from '@/server/services/data-keys/check-key-ring-covers-data';
import { revealWebhookSecret } from '@/server/services/events/reveal-webhook-secret';
import { revealFormData } from '@/server/services/sub-merchants/sub-merchant-dto';
import { apiHeaders, callRoute } from '../support/call-route';
import { createPlatformWithKey } from '../support/fixtures';
import { useEnv } from '../support/scoped-env';
import { paymentsApi } from '../support/sub-merchants';

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
const suffix = randomBytes(4).toString('hex');
const sourceName = `t_dump_src_${suffix}`;
const restoredName = `t_dump_restored_${suffix}`;
const ringOf = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const installationRing = ringOf('kdump');
const foreignRing = ringOf('kother');
const sessionSecret = randomBytes(32).toString('base64url');
const startChild = path.join(import.meta.dirname, 'fixtures/start-server.ts');

function useKeyRing(ring: string) {
  process.env.DATA_ENCRYPTION_KEY = ring;
  process.env.SESSION_SECRET = sessionSecret;
  resetEnvForTests();
  resetFieldCipherForTests();
}

const personal = (n: number) => ({
  contactName: `转储联系人${n}`,
  contactMobile: `1370013${String(2000 + n).slice(-4)}`,
  contactEmail: `dump-${n}@example.com`,
  idCardName: `转储证件名${n}`,
  idCardNumber: `31010519850505${String(3000 + n).slice(-4)}`,
  accountNumber: `62284800${String(10_000_000 + n).slice(-8)}`,
});

// The suite's installation; the tests switch rings with useKeyRing, and useEnv puts back what was there before.
useEnv({ DATA_ENCRYPTION_KEY: installationRing, SESSION_SECRET: sessionSecret });
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
afterAll(async () => {
  useDatabaseHandle(undefined);
  for (const name of [sourceName, restoredName]) await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('PostgreSQL: pg_dump, drop, pg_restore into a new database, read back', () => {
  const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pg-dump-')), 'onboarding.dump');
  const expected = new Map<string, ReturnType<typeof personal>>();
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  let eventIds: string[] = [];
  let queues = 0;

  beforeAll(() => useKeyRing(installationRing));

  it('dumps a database that an instance is using, then the database is dropped', async () => {
    await admin.unsafe(`create database ${sourceName}`);
    const handle = await openDatabase({ driver: 'postgres', url: databaseUrl(sourceName), poolSize: 4 });
    useDatabaseHandle(handle);
    // As a server runs: pg-boss with every queue and schedule, the relay moving the outbox into jobs.
    const jobs = await startJobs(handle, { relayIntervalMs: 200 });
    try {
      platform = await createPlatformWithKey(handle.db);
      const payments = paymentsApi(platform.apiKey);
      for (let n = 0; n < 5; n++) {
        const created = await payments.create({
          distributorExternalUserId: `dump-${n}`,
          provider: n % 2 ? 'providerA' : 'providerB',
          formData: personal(n),
        });
        expect(created.status).toBe(201);
        expected.set(created.body.id as string, personal(n));
      }
      const listed = await callRoute(eventsRoute.GET, '/v1/events?limit=50', {
        headers: apiHeaders(platform.apiKey, 'payments'),
      });
      eventIds = ((await listed.json()) as { data: { id: string }[] }).data.map((e) => e.id);
      expect(eventIds).toHaveLength(expected.size); // one sub_merchant.updated per create
      const { rows } = await handle.executeSql('select count(*)::int as n from pgboss.queue');
      queues = (rows[0] as { n: number }).n;
      expect(queues).toBeGreaterThan(5);
      // The instance keeps its pool and its job workers running: pg_dump takes one snapshot beside them.
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dumpFile}`, databaseUrl(sourceName)]);
    } finally {
      await jobs.stop();
      useDatabaseHandle(undefined);
      await handle.close();
    }
    const dump = fs.readFileSync(dumpFile);
    expect(dump.subarray(0, 5).toString('latin1')).toBe('PGDMP');
    // Custom format compresses; the plain SQL rendering of the same dump holds no personal value in plain text.
    const { stdout } = await run('pg_restore', ['--file=-', dumpFile], { maxBuffer: 64 * 1024 * 1024 });
    expect(stdout).toContain('CREATE TABLE public.sub_merchants');
    for (const data of expected.values()) {
      expect(stdout).not.toContain(data.idCardNumber);
      expect(stdout).not.toContain(data.contactMobile);
    }
    expect(stdout).not.toContain(installationRing.split(':')[1]);
    await admin.unsafe(`drop database ${sourceName} with (force)`);
    const [gone] = await admin`select count(*)::int as n from pg_database where datname = ${sourceName}`;
    expect(gone!.n).toBe(0);
  }, 120_000);

  it('restores into a new database; an instance with the same key ring reads every record, field and event', async () => {
    await admin.unsafe(`create database ${restoredName}`);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl(restoredName)}`, dumpFile]);
    const handle: DatabaseHandle = await openDatabase({ driver: 'postgres', url: databaseUrl(restoredName) });
    useDatabaseHandle(handle);
    try {
      // The migration journal came with the dump: the start found nothing left to migrate.
      const journal = JSON.parse(fs.readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] };
      const { rows } = await handle.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect((rows[0] as { n: number }).n).toBe(journal.entries.length);
      // pg-boss's schema (its queues, schedules and queued jobs) is in the dump too.
      const { rows: boss } = await handle.executeSql('select count(*)::int as n from pgboss.queue');
      expect((boss[0] as { n: number }).n).toBe(queues);

      expect(await checkKeyRingCoversData({ db: handle.db, actor: 'test' })).toEqual({
        usedKeyIds: ['kdump'],
        missingKeyIds: [],
      });
      const ctx = { db: handle.db, platformId: platform.platformId, actor: 'test' };
      for (const [id, data] of expected) {
        const [row] = await handle.db.select().from(subMerchants).where(eq(subMerchants.id, id));
        expect(revealFormData(row!)).toMatchObject(data);
      }
      expect((await revealWebhookSecret(ctx)).webhookSecret).toBe(platform.webhookSecret);
      const payments = paymentsApi(platform.apiKey);
      const list = await payments.list('?limit=20');
      expect(list.status).toBe(200);
      expect((list.body.data as { id: string }[]).map((r) => r.id).sort()).toEqual([...expected.keys()].sort());
      const [firstId, first] = [...expected][0]!;
      const read = await payments.get(firstId);
      expect(read.status).toBe(200);
      expect(read.body.distributorExternalUserId).toBe('dump-0');
      expect(read.body.formData.contactMobile).not.toBe(first.contactMobile); // masked, as always
      const events = await callRoute(eventsRoute.GET, '/v1/events?limit=50', {
        headers: apiHeaders(platform.apiKey, 'payments'),
      });
      expect(((await events.json()) as { data: { id: string }[] }).data.map((e) => e.id)).toEqual(eventIds);
      // The restored installation takes writes.
      expect(
        (await payments.create({ distributorExternalUserId: 'after-restore', provider: 'providerA' })).status,
      ).toBe(201);
    } finally {
      useDatabaseHandle(undefined);
      await handle.close();
    }
  }, 120_000);

  it('without the data key nothing decrypts, and a server refuses to start on it with one line naming the key', async () => {
    useKeyRing(foreignRing);
    const handle = await openDatabase({ driver: 'postgres', url: databaseUrl(restoredName), poolSize: 2 });
    try {
      const coverage = await checkKeyRingCoversData({ db: handle.db, actor: 'test' });
      expect(coverage).toEqual({ usedKeyIds: ['kdump'], missingKeyIds: ['kdump'] });
      expect(keyRingRefusal(coverage)).toMatch(/^the database is from another installation \(its data keys kdump/);
      const [row] = await handle.db
        .select()
        .from(subMerchants)
        .where(eq(subMerchants.id, [...expected.keys()][0]!));
      expect(() => revealFormData(row!)).toThrow(/Encrypted field value uses unknown key id "kdump"/);
      await expect(
        revealWebhookSecret({ db: handle.db, platformId: platform.platformId, actor: 'test' }),
      ).rejects.toThrow(/unknown key id "kdump"/);
      // Over /v1 (a running server whose ring lost a key): 503 naming the key and the fix, not an anonymous 500.
      useDatabaseHandle(handle);
      const read = await paymentsApi(platform.apiKey).get(row!.id);
      expect(read.status).toBe(503);
      expect(read.body.code).toBe('data_key_missing');
      expect(read.body.detail).toMatch(/unknown key id "kdump".*key ring/);
    } finally {
      useDatabaseHandle(undefined);
      await handle.close();
    }

    // The server itself, as an operator would start it on the restored database with the wrong key ring.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-restore-start-'));
    const failure = await run(process.execPath, ['--import', 'tsx', startChild], {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(restoredName),
        DATA_ENCRYPTION_KEY: foreignRing,
        SESSION_SECRET: sessionSecret,
        LOG_LEVEL: 'fatal',
      },
    }).then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure!.stderr.trim().split('\n')).toEqual([
      'Cannot start: the database is from another installation (its data keys kdump are not in this key ring): ' +
        'without them nothing encrypted in it decrypts. Start with the DATA_ENCRYPTION_KEY of the installation it ' +
        'comes from (docs/operations.md, "Backups").',
    ]);
    expect(failure!.stderr).not.toContain(foreignRing.split(':')[1]);

    // The same key ring plus the right key (a rotation in progress, a ring that grew) starts fine as far as this check goes.
    useKeyRing(`${foreignRing},${installationRing}`);
    const both = await openDatabase({ driver: 'postgres', url: databaseUrl(restoredName), poolSize: 2 });
    try {
      expect(keyRingRefusal(await checkKeyRingCoversData({ db: both.db, actor: 'test' }))).toBeUndefined();
    } finally {
      await both.close();
    }
  }, 120_000);
});
