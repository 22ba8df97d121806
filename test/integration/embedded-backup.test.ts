import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '@/cli/commands';
import { parseArgs } from '@/cli/parse-args';
import { resetEnvForTests } from '@/env';
import { resetFieldCipherForTests } from '@/server/config/field-cipher';
import { useDatabaseHandle } from '@/server/db';
import { openDatabase, type DatabaseHandle } from '@/server/db/open-database';
import { subMerchants } from '@/server/db/schema';
import { restoreEmbeddedDatabase } from '@/server/services/backups/restore-embedded-database';
import { checkKeyRingCoversData, keyRingRefusal } from '@/server/services/data-keys/check-key-ring-covers-data';
import { revealWebhookSecret } from '@/server/services/events/reveal-webhook-secret';
import { revealFormData } from '@/server/services/sub-merchants/sub-merchant-dto';
import { createPlatformWithKey } from '../support/fixtures';
import { paymentsApi } from '../support/sub-merchants';

const originalDataDir = process.env.DATA_DIR;
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `backup-${name}-`));

/** A process start as far as configuration goes: DATA_DIR and the key ring are read again. */
function useDataDir(dataDir: string) {
  process.env.DATA_DIR = dataDir;
  delete process.env.DATA_ENCRYPTION_KEY;
  resetEnvForTests();
  resetFieldCipherForTests();
}

async function openAt(dataDir: string): Promise<DatabaseHandle> {
  useDataDir(dataDir);
  const handle = await openDatabase({ driver: 'pglite', dataDir, holder: 'test' });
  useDatabaseHandle(handle);
  return handle;
}

async function closeHandle(handle: DatabaseHandle) {
  useDatabaseHandle(undefined);
  await handle.close();
}

/** Every file under a directory with its content hash: "nothing overwritten" is this map unchanged. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return out;
}

const personal = (n: number) => ({
  contactName: `备份联系人${n}`,
  contactMobile: `139${String(20_000_000 + n).slice(-8)}`,
  contactEmail: `backup-${n}@example.com`,
  idCardName: `备份证件名${n}`,
  idCardNumber: `11010519491231${String(5000 + n).slice(-4)}`,
  accountNumber: `62220298765${String(30_000_000 + n).slice(-8)}`,
});

afterAll(() => {
  process.env.DATA_DIR = originalDataDir;
  resetEnvForTests();
  resetFieldCipherForTests();
});

describe('backup and restore of the embedded database', () => {
  const source = tmp('source');
  const backupFile = path.join(tmp('files'), 'service.backup');
  const expected = new Map<string, ReturnType<typeof personal>>();
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  let keySecrets: string;

  it('backs up while writes go on; the file holds no personal data in plain text and no data key', async () => {
    const handle = await openAt(source);
    try {
      platform = await createPlatformWithKey(handle.db);
      const payments = paymentsApi(platform.apiKey);
      for (let n = 0; n < 6; n++) {
        const created = await payments.create({
          distributorExternalUserId: `backup-${n}`,
          provider: n % 2 ? 'providerA' : 'providerB',
          formData: personal(n),
        });
        expect(created.status).toBe(201);
        expected.set(created.body.id as string, personal(n));
      }
      let writing = true;
      let written = 0;
      const writer = (async () => {
        for (let n = 100; writing; n++, written++) {
          const created = await payments.create({ distributorExternalUserId: `during-${n}`, provider: 'providerA' });
          expect(created.status).toBe(201);
        }
      })();
      const result = await runCommand(handle.db, parseArgs(['backup', '--out', backupFile]));
      writing = false;
      await writer;
      expect(result).toMatchObject({ file: backupFile, dataKeyIds: [expect.stringMatching(/^k/)] });
      expect(written).toBeGreaterThan(0);
      // A second backup never replaces the first under the same name.
      await expect(runCommand(handle.db, parseArgs(['backup', '--out', backupFile]))).rejects.toThrow('already exists');
    } finally {
      await closeHandle(handle);
    }
    keySecrets = fs.readFileSync(path.join(source, 'secrets.json'), 'utf8');
    const bytes = fs.readFileSync(backupFile);
    const header = JSON.parse(bytes.toString('utf8').split('\n')[1]!) as { dataKeys: { id: string }[] };
    const tar = gunzipSync(bytes.subarray(bytes.indexOf('\n', bytes.indexOf('\n') + 1) + 1)).toString('latin1');
    expect(tar.length).toBeGreaterThan(1_000_000);
    for (const data of expected.values()) {
      expect(tar).not.toContain(data.idCardNumber);
      expect(tar).not.toContain(data.accountNumber);
      expect(tar).not.toContain(data.contactMobile);
    }
    const key = (JSON.parse(keySecrets) as { DATA_ENCRYPTION_KEY: string }).DATA_ENCRYPTION_KEY.split(':')[1]!;
    expect(tar).not.toContain(key);
    expect(bytes.toString('latin1')).not.toContain(key);
    expect(header.dataKeys.map((k) => k.id)).toEqual([
      (JSON.parse(keySecrets) as { DATA_ENCRYPTION_KEY: string }).DATA_ENCRYPTION_KEY.split(':')[0],
    ]);
  }, 120_000);

  it('restores into a wiped directory holding only the key; records and encrypted fields read back', async () => {
    fs.rmSync(source, { recursive: true, force: true });
    fs.mkdirSync(source);
    fs.writeFileSync(path.join(source, 'secrets.json'), keySecrets, { mode: 0o600 });
    useDataDir(source);
    const result = await restoreEmbeddedDatabase({ from: backupFile, force: false });
    expect(result).toMatchObject({ dataDir: source, replacedDirectory: null });
    const handle = await openAt(source);
    try {
      const ctx = { db: handle.db, platformId: platform.platformId, actor: 'test' };
      const rows = await handle.db.select().from(subMerchants).where(eq(subMerchants.platformId, platform.platformId));
      // Records written while the backup ran are in it or not, but every one that is, is whole.
      expect(rows.length).toBeGreaterThanOrEqual(expected.size);
      for (const row of rows) expect(() => revealFormData(row)).not.toThrow();
      for (const [id, data] of expected) {
        const row = rows.find((r) => r.id === id)!;
        expect(revealFormData(row)).toMatchObject(data);
      }
      const payments = paymentsApi(platform.apiKey);
      const [firstId, firstData] = [...expected][0]!;
      const read = await payments.get(firstId);
      expect(read.status).toBe(200);
      expect(read.body.formData.contactMobile).not.toBe(firstData.contactMobile); // masked
      expect(read.body.distributorExternalUserId).toBe('backup-0');
      expect((await revealWebhookSecret(ctx)).webhookSecret).toBe(platform.webhookSecret);
      // The restored installation keeps working: a write and a read after it.
      const created = await payments.create({ distributorExternalUserId: 'after-restore', provider: 'providerB' });
      expect(created.status).toBe(201);
    } finally {
      await closeHandle(handle);
    }
  }, 120_000);

  it('refuses a non-empty data directory unless forced, and a forced restore keeps the replaced one', async () => {
    useDataDir(source);
    const before = snapshot(source);
    await expect(restoreEmbeddedDatabase({ from: backupFile, force: false })).rejects.toThrow(
      /holds a database\. Run with --force/,
    );
    expect(snapshot(source)).toEqual(before);
    const forced = await restoreEmbeddedDatabase({ from: backupFile, force: true });
    expect(forced.replacedDirectory).toMatch(/pglite\.before-restore-/);
    expect(fs.existsSync(path.join(forced.replacedDirectory!, 'PG_VERSION'))).toBe(true);
    const handle = await openAt(source);
    try {
      const rows = await handle.db.select().from(subMerchants);
      expect(rows.some((r) => r.distributorExternalUserId === 'after-restore')).toBe(false); // back to the backup
    } finally {
      await closeHandle(handle);
    }
  }, 120_000);

  it('refuses a truncated, a corrupt and a foreign file with one line each, and overwrites nothing', async () => {
    const bytes = fs.readFileSync(backupFile);
    const dir = path.dirname(backupFile);
    const truncated = path.join(dir, 'truncated.backup');
    fs.writeFileSync(truncated, bytes.subarray(0, bytes.length - 4096));
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 100] = flipped[flipped.length - 100]! ^ 0xff;
    const corrupt = path.join(dir, 'corrupt.backup');
    fs.writeFileSync(corrupt, flipped);
    const headerOnly = path.join(dir, 'header-only.backup');
    fs.writeFileSync(headerOnly, bytes.subarray(0, 30));
    const notABackup = path.join(dir, 'not-a-backup.txt');
    fs.writeFileSync(notABackup, 'hello');

    const cases: [string, RegExp][] = [
      [truncated, /the file is truncated \(\d+ of \d+ data bytes\)/],
      [corrupt, /checksum does not match; the file is corrupt/],
      [headerOnly, /truncated \(no complete header\)/],
      [notABackup, /not a backup of this service/],
      [path.join(dir, 'missing.backup'), /cannot be read/],
    ];
    // Into the directory that holds a database (even with --force) and into an empty one: nothing changes.
    const empty = tmp('empty');
    fs.writeFileSync(path.join(empty, 'secrets.json'), keySecrets, { mode: 0o600 });
    for (const dataDir of [source, empty]) {
      useDataDir(dataDir);
      const before = snapshot(dataDir);
      for (const [file, reason] of cases) {
        const refusal = restoreEmbeddedDatabase({ from: file, force: true });
        await expect(refusal).rejects.toThrow(reason);
        await expect(refusal).rejects.toThrow(/^Backup .* refused: [^\n]+$/);
      }
      expect(snapshot(dataDir)).toEqual(before);
    }

    // Another installation: its own key ring, none of the backup's keys.
    const foreign = tmp('foreign');
    useDataDir(foreign);
    resetFieldCipherForTests();
    (await import('@/server/config/secrets')).getSecrets(); // that installation's first start made its keys
    const foreignBefore = snapshot(foreign);
    await expect(restoreEmbeddedDatabase({ from: backupFile, force: true })).rejects.toThrow(
      /^Restore refused: the backup is from another installation \(its data keys k\S+ are not in this key ring\)\.$/,
    );
    expect(snapshot(foreign)).toEqual(foreignBefore);
  }, 120_000);

  it('without the data key nothing decrypts: restore says which key it needs, and a foreign key ring cannot read', async () => {
    const keyless = tmp('keyless');
    useDataDir(keyless);
    await expect(restoreEmbeddedDatabase({ from: backupFile, force: false })).rejects.toThrow(
      /^Restore refused: no data key here .*nothing in the backup decrypts/,
    );
    expect(fs.readdirSync(keyless)).toEqual([]); // no key ring was invented, no database unpacked

    // The database files alone (copied without the key): every encrypted field names the key it lacks.
    const stolen = tmp('stolen');
    fs.cpSync(path.join(source, 'pglite'), path.join(stolen, 'pglite'), { recursive: true });
    const handle = await openAt(stolen);
    try {
      const rows = await handle.db.select().from(subMerchants).where(eq(subMerchants.platformId, platform.platformId));
      const row = rows.find((r) => expected.has(r.id))!;
      expect(() => revealFormData(row)).toThrow(/Encrypted field value uses unknown key id "k\S+"/);
      // A server started on this copy refuses, in the restore's words (start-server.ts).
      expect(keyRingRefusal(await checkKeyRingCoversData({ db: handle.db, actor: 'test' }))).toMatch(
        /^the database is from another installation \(its data keys k\S+ are not in this key ring\)/,
      );
      await expect(
        revealWebhookSecret({ db: handle.db, platformId: platform.platformId, actor: 'test' }),
      ).rejects.toThrow(/unknown key id/);
    } finally {
      await closeHandle(handle);
    }
  }, 120_000);
});
