import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCommand } from '@/cli/commands';
import { parseArgs } from '@/cli/parse-args';
import { resetEnvForTests } from '@/env';
import { resetFieldCipherForTests } from '@/server/config/field-cipher';
import { subMerchants } from '@/server/db/schema';
import { countTokensByKey } from '@/server/services/data-keys/count-tokens-by-key';
import { getMedia } from '@/server/services/media/get-media';
import { uploadMedia } from '@/server/services/media/upload-media';
import { reencryptStoredData } from '@/server/services/data-keys/reencrypt-stored-data';
import { tokenLocations } from '@/server/services/data-keys/token-locations';
import { revealWebhookSecret } from '@/server/services/events/reveal-webhook-secret';
import { rotateWebhookSecret } from '@/server/services/events/rotate-webhook-secret';
import { revealFormData } from '@/server/services/sub-merchants/sub-merchant-dto';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { authorizeMiniProgram, miniProgramApi } from '../support/mini-programs';
import { paymentsApi } from '../support/sub-merchants';
import { dumpColumns, imageLeaks, jpegWithPrivateMetadata } from '../support/private-images';
import { useSandboxOverHttp } from '../support/sandbox-server';

const keyEntry = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const k1 = keyEntry('k1');
const k2 = keyEntry('k2');

/** A process restart as far as keys go: the next use of the cipher reads DATA_ENCRYPTION_KEY again. */
function restartWithKeys(ring: string | undefined) {
  if (ring === undefined) delete process.env.DATA_ENCRYPTION_KEY;
  else process.env.DATA_ENCRYPTION_KEY = ring;
  resetEnvForTests();
  resetFieldCipherForTests();
}

const personal = (n: number) => ({
  contactName: `联系人${n}`,
  contactMobile: `139${String(10_000_000 + n).slice(-8)}`,
  contactEmail: `contact-${n}@example.com`,
  idCardName: `证件名${n}`,
  idCardNumber: `11010519491231${String(1000 + n).slice(-4)}`,
  accountNumber: `62220212345${String(10_000_000 + n).slice(-8)}`,
});

describeEachDatabase('data-encryption key rotation without downtime', (database) => {
  // The ring first: the sandbox seals its own keys when it starts, and they belong under k1 like all other data.
  beforeAll(() => restartWithKeys(k1));
  const sandbox = useSandboxOverHttp();
  afterAll(() => restartWithKeys(undefined));

  /** Every row of every table as text: what a backup or a stolen disk holds. */
  async function rawRows() {
    const tables = await database().executeSql(
      `select table_schema, table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let text = '';
    for (const { table_schema, table_name } of tables.rows as { table_schema: string; table_name: string }[]) {
      const rows = await database().executeSql(`select t::text as row from "${table_schema}"."${table_name}" t`);
      text += (rows.rows as { row: string }[]).map((r) => r.row).join('\n');
    }
    return text;
  }

  it('k1 data re-encrypts under k2 while reads and writes go on; then no k1 token is left and k2 alone reads everything', async () => {
    const db = database().db;
    const platform = await createPlatformWithKey(db);
    const ctx = { db, platformId: platform.platformId, actor: 'test' };
    const { webhookSecret } = await rotateWebhookSecret(ctx); // fills the previous-secret slot too
    const payments = paymentsApi(platform.apiKey);
    const expected = new Map<string, ReturnType<typeof personal>>();
    const writing = new Map<string, ReturnType<typeof personal>>();
    for (let n = 0; n < 48; n++) {
      const created = await payments.create({
        distributorExternalUserId: `rot-${n}`,
        provider: n % 2 ? 'providerA' : 'providerB',
        formData: personal(n),
      });
      expect(created.status).toBe(201);
      expected.set(created.body.id, personal(n));
    }
    expect((await sandbox.control(platform.apiKey, 'POST', '/providerA/ticket')).status).toBe(200);
    const mini = miniProgramApi(platform.apiKey);
    const apps = [
      await authorizeMiniProgram(mini, sandbox.controlAs(platform.apiKey), 'providerA', 'rot-a'),
      await authorizeMiniProgram(mini, sandbox.controlAs(platform.apiKey), 'providerB', 'rot-b'),
    ];
    const photo = await jpegWithPrivateMetadata();
    const images = [
      await uploadMedia(ctx, { bytes: photo, filename: 'id.jpg', provider: 'providerA' }),
      await uploadMedia(ctx, { bytes: photo, filename: 'id.jpg', provider: 'providerB' }),
    ];
    const imageBytes = await Promise.all(
      images.map(async (image) => (await getMedia(ctx, { mediaId: image.mediaId })).bytes),
    );
    expect(Object.keys((await countTokensByKey({ db, actor: 'test' })).byKeyId)).toEqual(['k1']);

    restartWithKeys(`${k2},${k1}`);
    const readAll = async () => {
      // A PUT under way may commit before or after this read: its old and its new value are both correct.
      const acceptable = (id: string) => [expected.get(id), writing.get(id)];
      const before = new Map([...expected.keys()].map((id) => [id, acceptable(id)]));
      const rows = await db.select().from(subMerchants).where(eq(subMerchants.platformId, platform.platformId));
      for (const row of rows)
        expect([...before.get(row.id)!, ...acceptable(row.id)]).toContainEqual(
          expect.objectContaining(revealFormData(row)),
        );
      const one = [...expected.keys()][rows.length % expected.size]!;
      expect((await payments.get(one)).status).toBe(200);
      expect((await revealWebhookSecret(ctx)).webhookSecret).toBe(webhookSecret);
      expect((await mini.baseinfo('providerA', apps[0]!.appId)).status).toBe(200);
      expect((await mini.versions('providerB', apps[1]!.appId)).status).toBe(200);
    };
    let done = false;
    let reads = 0;
    let writes = 0;
    const reader = async () => {
      for (; !done; reads++) await readAll();
    };
    // Each writer owns every third record, so writers never race each other, only the re-encryption.
    const writer = async (lane: number) => {
      const ids = [...expected.keys()].filter((_, i) => i % 3 === lane);
      for (let turn = 0; !done; turn++) {
        const id = ids[turn % ids.length]!;
        const next = { ...expected.get(id)!, contactMobile: `137${String(10_000_000 + writes).slice(-8)}` };
        writing.set(id, next);
        const put = await payments.put(id, { formData: { contactMobile: next.contactMobile } });
        expect(put.status).toBe(200); // re-encryption never bumps the version, so it never makes a PUT conflict
        expected.set(id, next);
        writes++;
      }
    };
    const traffic = Promise.all([reader(), reader(), writer(0), writer(1), writer(2)]);
    const report = await reencryptStoredData({ db, actor: 'test' }, { batchSize: 2 });
    done = true;
    await traffic;
    expect(reads).toBeGreaterThan(0);
    expect(writes).toBeGreaterThan(0);
    expect(report).toMatchObject({ activeKeyId: 'k2', complete: true });
    expect(report.locations['sub_merchants.form_data']!.scanned).toBeGreaterThanOrEqual(48);
    expect(report.locations['sandbox_objects.value']!.reencrypted).toBeGreaterThan(0);
    expect(report.locations['mp_authorizers.tokens']!.reencrypted).toBeGreaterThanOrEqual(2);
    expect(report.locations['mp_authorizations.links']!.reencrypted).toBeGreaterThanOrEqual(2);
    expect(report.locations['media.sealed_bytes']!.reencrypted).toBeGreaterThanOrEqual(2);
    expect(imageLeaks(await dumpColumns(database()), [photo, ...imageBytes])).toEqual([]);

    const raw = await rawRows();
    expect(raw).toContain('enc:v1:k2:');
    expect(raw).not.toContain('enc:v1:k1:');
    expect((await countTokensByKey({ db, actor: 'test' })).byKeyId).not.toHaveProperty('k1');

    restartWithKeys(k2);
    await readAll();
    for (const [i, image] of images.entries())
      expect((await getMedia(ctx, { mediaId: image.mediaId })).bytes.equals(imageBytes[i]!)).toBe(true);
    const again = await reencryptStoredData({ db, actor: 'test' });
    expect(Object.values(again.locations).every((p) => p.reencrypted === 0 && p.changedMeanwhile === 0)).toBe(true);
  });

  it('a row written between the read and the write of a batch keeps the writer’s value (guarded update)', async () => {
    restartWithKeys(`${k2},${k1}`);
    const db = database().db;
    const platform = await createPlatformWithKey(db);
    const payments = paymentsApi(platform.apiKey);
    const created = await payments.create({
      distributorExternalUserId: 'guarded',
      provider: 'providerA',
      formData: personal(99),
    });
    restartWithKeys(`${keyEntry('k3')},${k2}`);
    const location = tokenLocations.find((l) => l.name === 'sub_merchants.form_data')!;
    const [row] = (await location.page(db, undefined, 10_000)).filter((r) => r.key[0] === created.body.id);
    expect((await payments.put(created.body.id, { formData: { contactMobile: '13700000001' } })).status).toBe(200);
    const stale = Object.fromEntries(Object.keys(row!.slots).map((slot) => [slot, 'enc:v1:k3:stale']));
    expect(await db.transaction((tx) => location.rewrite(tx, row!, stale))).toBe(false);
    const [stored] = await db.select().from(subMerchants).where(eq(subMerchants.id, created.body.id));
    expect(revealFormData(stored!)).toMatchObject({ ...personal(99), contactMobile: '13700000001' });
  });

  it('a token under a key missing from the ring is reported, not rewritten, and keeps the run incomplete', async () => {
    restartWithKeys(keyEntry('k4'));
    const report = await reencryptStoredData({ db: database().db, actor: 'test' }, { batchSize: 50 });
    expect(report.complete).toBe(false);
    expect(report.locations['sub_merchants.form_data']!.unreadable).toBeGreaterThan(0);
    expect(report.locations['sub_merchants.form_data']!.reencrypted).toBe(0);
    expect(JSON.stringify(report)).not.toMatch(/enc:v1|1101051949/);
  });
});

describeEachDatabase('data-key commands in embedded mode (key ring in secrets.json)', (database) => {
  const cli = (line: string) => runCommand(database().db, parseArgs(line.split(' ')));
  beforeAll(() => restartWithKeys(undefined));

  it('add → restart → reencrypt → retire the old key; retiring a key in use or the active key is refused', async () => {
    const platform = await createPlatformWithKey(database().db);
    const before = (await cli('data-key status')) as {
      activeKeyId: string;
      tokens: { byKeyId: Record<string, number> };
    };
    expect(before.tokens.byKeyId[before.activeKeyId]).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 5)); // key ids are time-based
    const added = (await cli('data-key add')) as { activeKeyId: string; keyIds: string[]; restartRequired: boolean };
    expect(added.keyIds).toEqual([added.activeKeyId, before.activeKeyId]);
    expect(added.restartRequired).toBe(true);
    restartWithKeys(undefined);
    await expect(cli(`data-key retire ${before.activeKeyId}`)).rejects.toThrow(/still seals/);
    await expect(cli(`data-key retire ${added.activeKeyId}`)).rejects.toThrow(/active key/);
    await expect(cli('data-key retire k-unknown')).rejects.toThrow(/not in the key ring/);
    await expect(cli('data-key reencrypt --batch-size 0')).rejects.toThrow(/batch-size/);
    expect(await cli('data-key reencrypt --batch-size 2')).toMatchObject({
      activeKeyId: added.activeKeyId,
      complete: true,
    });
    expect(await cli(`data-key retire ${before.activeKeyId}`)).toMatchObject({ keyIds: [added.activeKeyId] });
    restartWithKeys(undefined);
    expect(await cli('data-key status')).toMatchObject({ activeKeyId: added.activeKeyId, keyIds: [added.activeKeyId] });
    const ctx = { db: database().db, platformId: platform.platformId, actor: 'test' };
    expect((await revealWebhookSecret(ctx)).webhookSecret).toBe(platform.webhookSecret);
  });

  it('with DATA_ENCRYPTION_KEY in the environment the ring is not the CLI’s to change', async () => {
    restartWithKeys(k2);
    await expect(cli('data-key add')).rejects.toThrow(/set in the environment/);
    restartWithKeys(undefined);
  });
});
