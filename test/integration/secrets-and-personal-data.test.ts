import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mediaRoute from '@/app/v1/payments/media/route';
import { completeFormDataFixture } from '../support/form-data-fixtures';
import { sandboxKeys } from '@/sandbox/sandbox-context';
import { getFieldCipher } from '@/server/config/field-cipher';
import { getSecrets } from '@/server/config/secrets';
import { verifyWebhookSignature } from '@/server/crypto/webhook-signature';
import { useDatabaseHandle, type DatabaseHandle } from '@/server/db';
import { openDatabase } from '@/server/db/open-database';
import { mpAuthorizers, providerCredentials, subMerchants } from '@/server/db/schema';
import '@/server/jobs/deliver-event-job';
import { startJobs, type JobRunner } from '@/server/jobs/start-jobs';
import { flushLogs, logger } from '@/server/logger';
import { completeSellerAuthorization } from '@/server/services/mini-programs/complete-seller-authorization';
import { refreshExpiringAuthorizerTokens } from '@/server/services/mini-programs/refresh-expiring-authorizer-tokens';
import { createOperator } from '@/server/services/operators/create-operator';
import { verifyOperatorCredentials } from '@/server/services/operators/verify-operator-credentials';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { syncDueSubMerchants } from '@/server/services/sub-merchants/sync-due-sub-merchants';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { sql } from 'drizzle-orm';
import { apiHeaders, callRoute } from '../support/call-route';
import { openTestDatabase, testDrivers } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { extJsonFor, miniProgramApi, pressAuthorize } from '../support/mini-programs';
import { formDataFromReference, paymentsApi } from '../support/sub-merchants';
import { findLeaks, pemLines, teeOutput } from '../support/leak-scan';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { noiseJpeg, mediaForm } from '../support/test-images';
import { startWebhookReceiver, until } from '../support/webhook-receiver';

/**
 * After a full onboarding and a full mini-program flow, no secret and no personal value the
 * test sent is in any log line, on stdout/stderr, in any row of any table, in pg_dump's output or in the
 * embedded database's files — neither as sent nor digits-only, base64 or URL-encoded.
 */

// Values chosen to appear nowhere else (a collision would be a false alarm, not a leak).
const person = {
  contactName: '司马联系',
  contactMobile: '13912347788',
  contactEmail: 'sima.contact@example.net',
  idCardName: '欧阳证件',
  idCardNumber: '11010519491231002X',
  idCardAddress: '北京市朝阳区保密街道 77 号',
  accountNumber: '6222027766554433221',
  bindingAlipayLogonId: 'sima.alipay-owner@sima-trading.cn',
};
const fixedBankDigits = '6222027766554433999';
const operatorPassword = 'correct-horse-battery-staple-42';

const drivers = testDrivers();

for (const driver of drivers) {
  describe(`secrets and personal data never in logs or in plain text at rest [${driver}]`, () => {
    const sandbox = useSandboxOverHttp();
    let handle: DatabaseHandle;
    let dataDir: string | undefined;
    let runner: JobRunner;
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
    const secrets = new Map<string, string>(); // value → what it is (failure messages name the kind, never the value)
    const printed: string[] = [];
    let untee = () => {};
    const remember = (what: string, value: string | null | undefined) => value && secrets.set(value, what);

    beforeAll(async () => {
      if (driver === 'pglite') {
        // On disk, not in memory, so the raw files can be read afterwards.
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-pglite-'));
        handle = await openDatabase({ driver: 'pglite', dataDir, holder: 'secrets test' });
      } else handle = await openTestDatabase('postgres');
      useDatabaseHandle(handle);
      logger.level = 'trace'; // nothing may hide below the level
      untee = teeOutput(printed);
      receiver = await startWebhookReceiver();
      runner = await startJobs(handle, { relayIntervalMs: 100 });
      const { sessionSecret, dataKeys } = getSecrets();
      remember('session secret', sessionSecret);
      for (const key of Object.values(dataKeys)) {
        remember('data key', key.toString('base64'));
        remember('data key', key.toString('hex'));
      }
      for (const [field, value] of Object.entries(person)) remember(field, value);
      remember('accountNumber (fix)', fixedBankDigits);
      remember('operator password', operatorPassword);
    });
    afterAll(async () => {
      untee();
      await runner?.stop();
      await receiver?.close();
      useDatabaseHandle(undefined);
      await handle?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** Upstream tokens exist only upstream and encrypted here: read them back to know what to look for. */
    async function rememberStoredTokens() {
      const cipher = getFieldCipher();
      for (const row of await handle.db.select().from(providerCredentials))
        if (row.valueEnc) remember(row.name, cipher.decrypt(row.valueEnc));
      for (const row of await handle.db.select().from(mpAuthorizers)) {
        if (row.accessTokenEnc) remember('authorizer access token', cipher.decrypt(row.accessTokenEnc));
        if (row.refreshTokenEnc) remember('authorizer refresh token', cipher.decrypt(row.refreshTokenEnc));
      }
    }

    const leaksIn = (text: string) => findLeaks(text, secrets);

    let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;

    it('a full onboarding: every personal field, media upload, reject → fix → finish → sync → active, signed webhook', async () => {
      platform = await createPlatformWithKey(handle.db);
      // The platform's own sandbox credentials, made on its first call.
      const {
        providerAPay: payKeys,
        providerAComponent: component,
        providerB,
      } = await sandboxKeys(platform.platformId);
      for (const line of [
        ...pemLines(payKeys.merchant.privateKeyPem),
        ...pemLines(payKeys.platform.privateKeyPem),
        ...pemLines(providerB.appPrivateKeyPem),
        ...pemLines(providerB.alipayPrivateKeyPem),
      ]) {
        remember('provider private key', line);
      }
      remember('component app secret', component.componentAppSecret);
      remember('component message token', component.token);
      remember('component AES key', component.encodingAesKey);
      remember('API key', platform.apiKey);
      remember('webhook secret', platform.webhookSecret);
      await setPlatformConfig(
        { db: handle.db, platformId: platform.platformId, actor: 'test' },
        { key: 'payments.notify_url', value: receiver.url('/payments') },
      );
      const api = paymentsApi(platform.apiKey);
      const due = () => handle.db.update(subMerchants).set({ nextSyncAt: sql`now() - interval '1 second'` });
      for (const provider of ['providerA', 'providerB'] as const) {
        const upload = async () => {
          const response = await callRoute(mediaRoute.POST, '/v1/payments/media', {
            method: 'POST',
            headers: apiHeaders(platform.apiKey),
            body: mediaForm({ bytes: await noiseJpeg(64, 48), name: '身份证.jpg', type: 'image/jpeg' }, provider),
          });
          expect(response.status).toBe(201);
          return ((await response.json()) as { mediaId: string }).mediaId;
        };
        const images = {
          licenseCopy: await upload(),
          idCardCopy: await upload(),
          idCardNational: await upload(),
          storeEntrancePics: [await upload()],
          storeIndoorPics: [await upload()],
        };
        const created = await api.create({
          distributorExternalUserId: `secrets-${provider}`,
          provider,
          formData: completeFormDataFixture({ ...formDataFromReference(provider), ...images, ...person }),
        });
        expect(created.status).toBe(201);
        const id = created.body.id as string;
        // A refused value must not be echoed either.
        const refused = await api.submit(id, { formData: { contactMobile: `${person.contactMobile}0` } });
        expect(refused.status).toBe(422);
        expect(JSON.stringify(refused.body)).not.toContain(person.contactMobile);
        const submitted = await api.submit(id, {});
        expect(submitted.status).toBe(200);
        await sandbox.control(platform.apiKey, 'POST', `/${provider}/applyments/${submitted.body.chApplymentId}`, {
          state: 'rejected',
          rejectReasons: [{ field: 'account_number', reason: '银行账号有误' }],
        });
        await due();
        await syncDueSubMerchants({ db: handle.db, actor: 'test' });
        expect((await api.get(id)).body.chApplymentState).toBe('rejected');
        const fixed = await api.submit(id, { formData: { accountNumber: fixedBankDigits } });
        expect(fixed.status).toBe(200);
        await sandbox.control(platform.apiKey, 'POST', `/${provider}/applyments/${fixed.body.chApplymentId}`, {
          state: 'finished',
        });
        await due();
        await syncDueSubMerchants({ db: handle.db, actor: 'test' });
        const active = (await api.get(id)).body;
        expect(active).toMatchObject({ status: 'active', chApplymentState: 'finished' });
        expect(JSON.stringify(active)).not.toContain(fixedBankDigits);
      }
      await until(() => receiver.at('/payments').filter((r) => r.body.includes('"finished"')).length >= 2);
      for (const hit of receiver.at('/payments')) {
        expect(
          verifyWebhookSignature({
            header: String(hit.headers['x-signature']),
            body: hit.body,
            secret: platform.webhookSecret,
          }),
        ).toBe(true);
        expect(leaksIn(hit.body)).toEqual([]);
      }
    });

    it('a full mini-program flow: seller page authorization, token refresh, commit, audit, approve, release, members, experience QR', async () => {
      const db = handle.db;
      const email = `secrets-operator-${driver}@example.com`;
      const { operatorId } = await createOperator(
        { db, actor: 'test' },
        {
          email,
          password: operatorPassword,
          platformId: platform.platformId,
          role: 'operator',
        },
      );
      expect(
        await verifyOperatorCredentials({ db, actor: 'test' }, { email, password: operatorPassword }),
      ).toMatchObject({ email });
      expect(
        await verifyOperatorCredentials({ db, actor: 'test' }, { email, password: `${operatorPassword}-wrong` }),
      ).toBeNull();
      const operator = createCallerFactory(appRouter)({ operatorId, db, requestId: 'req_secrets' });
      await setPlatformConfig(
        { db, platformId: platform.platformId, actor: 'test' },
        { key: 'miniprogram.audit_notify_url', value: receiver.url('/audit') },
      );
      expect((await sandbox.control(platform.apiKey, 'POST', '/providerA/ticket')).status).toBe(200);
      const mini = miniProgramApi(platform.apiKey);
      for (const provider of ['providerA', 'providerB'] as const) {
        const started = await operator.sellerAuthorization.startAuthorizationWithSellerPage({
          platformId: platform.platformId,
          platform: provider,
          redirectUri: 'http://localhost:3000/authorize/done',
          tenantId: `secrets-${provider}`,
        });
        remember(
          'seller page token',
          decodeURIComponent(new URL(started.sellerPageUrl).pathname.replace('/authorize/', '')),
        );
        const query = await pressAuthorize(started.authUrl);
        remember('authorization state', query.state);
        remember('auth code', query.auth_code ?? query.app_auth_code);
        const done = await completeSellerAuthorization({ db, actor: 'test' }, query);
        expect(done).toMatchObject({ status: 'done' });
        const appId = (done as { appId: string }).appId;
        await rememberStoredTokens();

        // Refresh twice: when the upstream says the token expired, and from the cron before expiry.
        expect(
          (await sandbox.control(platform.apiKey, 'POST', `/${provider}/tokens/expire`, { authorizerAppId: appId }))
            .status,
        ).toBe(200);
        expect((await mini.baseinfo(provider, appId)).status).toBe(200);
        await rememberStoredTokens();
        await db.update(mpAuthorizers).set({ accessTokenExpiresAt: new Date() });
        await refreshExpiringAuthorizerTokens({ db, actor: 'test' });
        await rememberStoredTokens();

        const template = (await mini.templates(provider)).body.templates[0];
        expect(
          (
            await mini.commit(provider, {
              authorizerAppId: appId,
              templateId: template.templateId,
              extJson: extJsonFor(appId),
              userVersion: '1.0.0',
              userDesc: 'secrets',
            })
          ).status,
        ).toBe(200);
        const audit = await mini.submitAudit(provider, {
          authorizerAppId: appId,
          itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
        });
        expect(audit.status).toBe(200);
        await sandbox.control(
          platform.apiKey,
          'POST',
          `/${provider}/audits/${encodeURIComponent(audit.body.auditId)}`,
          { decision: 'approve' },
        );
        expect((await mini.auditStatus(provider, audit.body.auditId, appId)).body.status).toBe('approved');
        expect((await mini.release(provider, appId)).status).toBe(200);
        const member = provider === 'providerA' ? 'qa_tester_01' : 'qa@example.com';
        expect((await mini.members(provider, { authorizerAppId: appId, action: 'bind', member })).status).toBe(200);
        expect((await mini.experience(provider, appId)).status).toBe(200);
        await until(() => receiver.at('/audit').some((r) => r.body.includes(audit.body.auditId)));
      }
      await rememberStoredTokens();
      expect([...secrets.values()].filter((what) => /token|ticket/.test(what)).length).toBeGreaterThanOrEqual(6);
    });

    it('no log line and nothing printed holds a secret or personal value', async () => {
      flushLogs();
      const logs = fs.readFileSync(process.env.LOG_FILE!, 'utf8');
      expect(logs.includes('"msg":"upstream call"')).toBe(true); // upstream calls were logged at debug level
      expect(logs.includes('"msg":"request"')).toBe(true);
      expect(leaksIn(logs)).toEqual([]);
      expect(leaksIn(printed.join('\n'))).toEqual([]);
    });

    it('no row of any table holds one in plain text (sandbox state included)', async () => {
      const tables = await handle.executeSql(
        `select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
      );
      let dumped = '';
      for (const { table_schema, table_name } of tables.rows as { table_schema: string; table_name: string }[]) {
        // Image bytes are the merchant's uploads (an ID card photo is an image of the card: it is meant to be there).
        const rows = await handle.executeSql(`select t::text as row from "${table_schema}"."${table_name}" t`);
        dumped += (rows.rows as { row: string }[]).map((r) => r.row).join('\n');
      }
      expect(dumped.includes(platform.platformId)).toBe(true); // the dump really holds our data
      const sandboxRows = await handle.executeSql(
        `select count(*)::int as n, count(*) filter (where value->>'sealed' like 'enc:v1:%')::int as sealed from sandbox_objects`,
      );
      const { n, sealed } = sandboxRows.rows[0] as { n: number; sealed: number };
      expect(n).toBeGreaterThan(10);
      expect(sealed).toBe(n); // the sandbox's own state is sealed with the field cipher, every object of it
      expect(leaksIn(dumped)).toEqual([]);
    });

    it(
      driver === 'postgres' ? 'pg_dump --data-only holds none' : 'the embedded database’s files on disk hold none',
      async () => {
        let raw: string;
        if (driver === 'postgres') {
          const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', handle.connectionString!], {
            maxBuffer: 256 * 1024 * 1024,
          });
          raw = stdout;
          expect(raw.includes(platform.platformId)).toBe(true);
        } else {
          await runner.stop();
          await handle.close(); // flushes every page to the files
          const files = fs
            .readdirSync(dataDir!, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile());
          raw = files
            .map((file) => fs.readFileSync(path.join(file.parentPath, file.name)).toString('latin1'))
            .join('\n');
          expect(raw.includes(platform.platformId)).toBe(true);
          handle = await openDatabase({ driver: 'pglite', dataDir, holder: 'secrets test' });
          useDatabaseHandle(handle);
          runner = await startJobs(handle, { relayIntervalMs: 100 });
        }
        // latin1 keeps bytes as they are; CJK values are looked for as their UTF-8 bytes.
        const asBytes = (text: string) => (driver === 'pglite' ? Buffer.from(text, 'utf8').toString('latin1') : text);
        expect(findLeaks(raw, secrets, asBytes)).toEqual([]);
      },
    );
  });
}
