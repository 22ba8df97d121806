/**
 * `npm run cli -- doctor`: in sandbox mode against the platform's sandbox namespace (in process), and in live
 * mode as a new service provider would run it: the CLI in its own process, configured only through the
 * environment, pointed at this installation's sandbox hosts.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { runCommand } from '@/cli/commands';
import { parseArgs } from '@/cli/parse-args';
import { resetEnvForTests } from '@/env';
import { sandboxKeys } from '@/sandbox/sandbox-context';
import { resetOnboardingProvidersForTests } from '@/server/upstreams/onboarding';
import type { ConnectionReport } from '@/server/upstreams/connection-checks';
import { describeEachDatabase, testDrivers } from '../support/databases';
import { createConsoleTeam, trpcFailure } from '../support/console-team';
import { createPlatformWithKey } from '../support/fixtures';
import { useSandboxOverHttp } from '../support/sandbox-server';

function verifyMode(mode: string | undefined) {
  if (mode) process.env.PROVIDER_A_PAY_VERIFY_MODE = mode;
  else delete process.env.PROVIDER_A_PAY_VERIFY_MODE;
  resetEnvForTests();
  resetOnboardingProvidersForTests();
}

const byUpstream = (report: ConnectionReport) => Object.fromEntries(report.checks.map((c) => [c.upstream, c]));

describeEachDatabase('doctor', (database, driver) => {
  const sandbox = useSandboxOverHttp();
  afterEach(() => verifyMode(undefined));

  const doctor = async (platformId: string) =>
    (await runCommand(database().db, parseArgs(['doctor', '--platform', platformId]))) as ConnectionReport;

  it('sandbox mode: every upstream OK in each WeChat Pay mode that matches the sandbox merchant', async () => {
    const p = await createPlatformWithKey(database().db);
    const report = await doctor(p.platformId);
    expect(report.upstreamMode).toBe('sandbox');
    expect(report.checks.map((c) => [c.upstream, c.ok])).toEqual([
      ['providerA.pay', true],
      ['providerA.component', true],
      ['providerB.gateway', true],
    ]);
    // The console translates these codes (test/unit/settings/connection-check-result.test.ts).
    expect(report.checks.map((c) => c.outcome.code)).toEqual([
      'pay.verified_not_found',
      expect.stringMatching(/^component\.(ticket_requested|token_obtained)$/),
      'gateway.verified_not_found',
    ]);
    await sandbox.control(p.apiKey, 'PUT', '/providerA/platform-keys', { mode: 'certificate' });
    verifyMode('platform_certificate');
    const pay = byUpstream(await doctor(p.platformId))['providerA.pay']!;
    expect(pay.ok).toBe(true);
    expect(pay.detail).toMatch(/1 platform certificate\(s\) downloaded/);
    expect(pay.outcome).toMatchObject({ code: 'pay.certificates_verified', params: { count: '1' } });
  });

  it('sandbox mode: a mode that does not match the merchant names PROVIDER_A_PAY_VERIFY_MODE', async () => {
    const p = await createPlatformWithKey(database().db);
    verifyMode('platform_certificate'); // the sandbox merchant still uses its public key
    const wanting = byUpstream(await doctor(p.platformId))['providerA.pay']!;
    expect(wanting).toMatchObject({ ok: false, variable: 'PROVIDER_A_PAY_VERIFY_MODE' });
    expect(wanting.fix).toMatch(/^public_key/);
    expect(wanting).toMatchObject({
      outcome: { code: 'pay.no_certificates' },
      remedy: { code: 'pay.public_key_mode' },
    });
    await sandbox.control(p.apiKey, 'PUT', '/providerA/platform-keys', { mode: 'certificate' });
    verifyMode('public_key');
    const stale = byUpstream(await doctor(p.platformId))['providerA.pay']!;
    expect(stale).toMatchObject({ ok: false, variable: 'PROVIDER_A_PAY_VERIFY_MODE' });
    expect(stale.fix).toMatch(/platform_certificate/);
    expect(stale.remedy).toEqual({ code: 'pay.certificate_mode' });
  });

  it('the console panel runs the same checks for admins only', async () => {
    const team = await createConsoleTeam(database().db);
    const report = await team.as('admin').upstreamConnections.check({ platformId: team.platformId });
    expect(report.checks.map((c) => c.upstream)).toEqual(['providerA.pay', 'providerA.component', 'providerB.gateway']);
    expect(report.checks.every((c) => c.ok)).toBe(true);
    expect(await trpcFailure(team.as('operator').upstreamConnections.check({ platformId: team.platformId }))).toEqual({
      code: 'FORBIDDEN',
      appCode: undefined,
    });
  });

  it('sandbox mode needs the platform to check', async () => {
    await expect(runCommand(database().db, parseArgs(['doctor']))).rejects.toThrow(/--platform/);
  });

  // The live CLI runs in a child process on an embedded database of its own (its DATA_DIR); the database under
  // test only supplies the platform and its live variables. Each run compiles and starts the CLI (seconds of
  // CPU), so the live checks run once, on the last driver (PostgreSQL in CI), not once per driver.
  if (driver === testDrivers().at(-1)) liveModeChecks();

  function liveModeChecks() {
    const run = promisify(execFile);
    async function liveDoctor(env: Record<string, string>) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-live-'));
      const base = {
        NODE_ENV: 'test' as const,
        PATH: process.env.PATH!,
        HOME: process.env.HOME ?? os.tmpdir(),
        UPSTREAM_MODE: 'live',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        UPSTREAM_TIMEOUT_MS: '5000',
        SESSION_SECRET: randomBytes(32).toString('hex'),
        DATA_ENCRYPTION_KEY: `k1:${randomBytes(32).toString('base64')}`,
      };
      const result = await run('node_modules/.bin/tsx', ['src/cli/main.ts', 'doctor', '--json'], {
        env: { ...base, ...env },
        cwd: process.cwd(),
        timeout: 90_000,
      }).catch((error: { stdout: string; stderr: string; code: number }) => error);
      fs.rmSync(dataDir, { recursive: true, force: true });
      return { stdout: result.stdout, stderr: result.stderr, failed: 'code' in result && result.code !== 0 };
    }

    /** The live variables of this installation's sandbox merchant, as `sandbox live-env` hands them out. */
    const liveEnvFor = async (platformId: string) =>
      (await runCommand(database().db, parseArgs(['sandbox', 'live-env', '--platform', platformId]))) as Record<
        string,
        string
      >;

    it('live mode against the sandbox hosts: right configuration OK; wrong APIv3 key and wrong private key each named', async () => {
      const p = await createPlatformWithKey(database().db);
      await sandbox.control(p.apiKey, 'PUT', '/providerA/platform-keys', { mode: 'both' });
      const env = await liveEnvFor(p.platformId);

      const right = await liveDoctor({ ...env, PROVIDER_A_PAY_VERIFY_MODE: 'both' });
      expect(right.failed, right.stderr).toBe(false);
      const report = JSON.parse(right.stdout) as ConnectionReport;
      expect(report.upstreamMode).toBe('live');
      expect(report.checks.every((c) => c.ok)).toBe(true);

      const wrongApiV3Key = await liveDoctor({
        ...env,
        PROVIDER_A_PAY_VERIFY_MODE: 'both',
        PROVIDER_A_APIV3_KEY: 'Z'.repeat(32),
      });
      expect(wrongApiV3Key.failed).toBe(true);
      expect(byUpstream(JSON.parse(wrongApiV3Key.stdout) as ConnectionReport)['providerA.pay']).toMatchObject({
        ok: false,
        variable: 'PROVIDER_A_APIV3_KEY',
      });

      const otherKey = (await sandboxKeys('plt_doctor_other')).providerB.alipayPrivateKeyPem; // a valid RSA key, not the merchant's
      const wrongKey = await liveDoctor({ ...env, PROVIDER_A_MERCHANT_PRIVATE_KEY: otherKey });
      expect(wrongKey.failed).toBe(true);
      expect(byUpstream(JSON.parse(wrongKey.stdout) as ConnectionReport)['providerA.pay']).toMatchObject({
        ok: false,
        variable: 'PROVIDER_A_MERCHANT_PRIVATE_KEY',
      });
    }, 240_000);

    it('live mode, Alipay certificate mode against the sandbox hosts: right files OK; a wrong Alipay certificate named', async () => {
      const p = await createPlatformWithKey(database().db);
      await sandbox.control(p.apiKey, 'PUT', '/providerB/signing-mode', { mode: 'certificate' });
      const env = await liveEnvFor(p.platformId);
      expect(env.PROVIDER_B_ALIPAY_PUBLIC_KEY).toBeUndefined();
      expect(env.PROVIDER_B_APP_CERT).toMatch(/BEGIN CERTIFICATE/);

      const right = await liveDoctor(env);
      expect(right.failed, right.stderr).toBe(false);
      expect(byUpstream(JSON.parse(right.stdout) as ConnectionReport)['providerB.gateway']).toMatchObject({ ok: true });

      // The app certificate where Alipay's belongs: start-up names it before any call is made.
      const wrong = await liveDoctor({ ...env, PROVIDER_B_ALIPAY_CERT: env.PROVIDER_B_APP_CERT! });
      expect(wrong.failed).toBe(true);
      expect(`${wrong.stderr}${wrong.stdout}`).toMatch(/PROVIDER_B_ALIPAY_CERT/);
    }, 240_000);

    it('live mode: a malformed variable stops start with one line naming it', async () => {
      const p = await createPlatformWithKey(database().db);
      const env = await liveEnvFor(p.platformId);
      const result = await liveDoctor({ ...env, PROVIDER_A_PAY_VERIFY_MODE: 'both', PROVIDER_A_APIV3_KEY: 'short' });
      expect(result.failed).toBe(true);
      expect(result.stderr).toMatch(/PROVIDER_A_APIV3_KEY: must be the 32-character APIv3 key/);
    }, 120_000);
  }
});
