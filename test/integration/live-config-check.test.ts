/**
 * Start in live mode refuses an Alipay configuration whose certificates do not belong to the key or are out of
 * date, one "Cannot start:" line per problem, before it opens the database.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const child = path.join(import.meta.dirname, 'fixtures/start-server.ts');
const fixture = (name: string) => path.join(process.cwd(), 'test/fixtures/upstream-keys/providerB', name);
const providerAFixture = (name: string) => path.join(process.cwd(), 'test/fixtures/upstream-keys/providerA', name);

it('live start names each Alipay certificate problem and stops', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-config-'));
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production' as const,
    UPSTREAM_MODE: 'live',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'x'.repeat(40),
    DATA_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    // A WeChat configuration that passes its own checks, so only Alipay's problems are left to report.
    PROVIDER_A_MCH_ID: '1900013511',
    PROVIDER_A_MERCHANT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    PROVIDER_A_MERCHANT_PRIVATE_KEY: fs.readFileSync(providerAFixture('merchant-apiclient-key.pem'), 'utf8'),
    PROVIDER_A_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
    PROVIDER_A_PLATFORM_PUBLIC_KEY: fs.readFileSync(providerAFixture('platform-public-key.pem'), 'utf8'),
    PROVIDER_A_COMPONENT_APPID: 'wx0123456789abcdef',
    PROVIDER_A_COMPONENT_SECRET: '0123456789abcdef0123456789abcdef',
    PROVIDER_A_COMPONENT_TOKEN: 'token',
    PROVIDER_A_COMPONENT_AES_KEY: 'a'.repeat(43),
    PROVIDER_B_APP_ID: '2021000122671080',
    PROVIDER_B_APP_PRIVATE_KEY: fixture('app-private-key.pem'),
    // The published app certificate: another key, another app, expired in 2022.
    PROVIDER_B_APP_CERT: fixture('appCertPublicKey_2021001161683774.crt'),
    PROVIDER_B_ALIPAY_ROOT_CERT: fixture('alipayRootCert.crt'),
    PROVIDER_B_ALIPAY_CERT: fixture('alipayCertPublicKey_RSA2.crt'),
  };
  const failure = await run(process.execPath, ['--import', 'tsx', child], { cwd: process.cwd(), env }).then(
    () => undefined,
    (error: unknown) => error as { code: number; stderr: string },
  );
  expect(failure?.code).toBe(1);
  const lines = failure!.stderr.trim().split('\n');
  expect(lines).toEqual([
    expect.stringMatching(/^Cannot start: PROVIDER_B_APP_CERT: certifies another key than PROVIDER_B_APP_PRIVATE_KEY/),
    'Cannot start: PROVIDER_B_APP_CERT: issued for app 2021001161683774, but PROVIDER_B_APP_ID is 2021000122671080',
    expect.stringMatching(/^Cannot start: PROVIDER_B_APP_CERT: expired on 2022-05-18/),
    expect.stringMatching(/^Cannot start: PROVIDER_B_ALIPAY_CERT: expired on /),
  ]);
  // Refused before the database was opened.
  expect(fs.readdirSync(dataDir)).toEqual([]);
});
