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
import { validLiveEnv } from '../support/live-env';

const run = promisify(execFile);
const child = path.join(import.meta.dirname, 'fixtures/start-server.ts');
const fixture = (name: string) => path.join(process.cwd(), 'test/fixtures/upstream-keys/providerB', name);

it('live start names each Alipay certificate problem and stops', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-config-'));
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production' as const,
    ...validLiveEnv(),
    DATA_DIR: dataDir,
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
