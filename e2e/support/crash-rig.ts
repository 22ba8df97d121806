/**
 * Crash rig: the service under test and its upstream in SEPARATE `next start` processes of the production
 * build. The upstream is a second server used only for its /sandbox routes (its own data directory), so it
 * survives when the service is SIGKILLed mid-call and can testify how many applications, deliveries or token
 * refreshes it really received. The service is restarted on the same data directory or PostgreSQL database.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { apiClient } from './api-client';
import { createScratchDatabase, dropScratchDatabase } from './scratch-database';
import { killServer, spawnServer, stopServer, waitForOutput, type RunningServer } from './spawn-server';

const run = promisify(execFile);

export type DatabaseKind = 'pglite' | 'postgres';

/** PostgreSQL too when CI gives one (TEST_DATABASE_URL), as the vitest suites do. */
export const crashDatabases = (): DatabaseKind[] =>
  process.env.TEST_DATABASE_URL ? ['postgres', 'pglite'] : ['pglite'];

/** Two ports above the Playwright web server's, so engineers on other port ranges never collide. */
const basePort = Number(process.env.E2E_PORT ?? 3100);
export const upstreamPort = basePort + 1;
export const servicePort = basePort + 2;

export const serviceUrl = `http://127.0.0.1:${servicePort}`;
export const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;

type Provisioned = { platformId: string; apiKey: string };

/**
 * Provisions a platform through the CLI (before the service holds the database), starts the upstream on a copy
 * of that storage and starts the service. The upstream's sandbox control API is a per-platform test mode: on the
 * copy the rig's key names the same platform, and the same secrets give it the same sandbox namespace as the
 * service's adapters use. `serviceEnv` adds variables (timeouts, retry schedules).
 */
export async function startCrashRig(kind: DatabaseKind, serviceEnv: Record<string, string> = {}) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-rig-'));
  const databaseUrl = kind === 'postgres' ? await createScratchDatabase('crash') : undefined;
  // Embedded: both keep secrets.json in the data directory, which the upstream's copy carries over.
  const secrets: Record<string, string> = databaseUrl
    ? {
        SESSION_SECRET: randomBytes(32).toString('hex'),
        DATA_ENCRYPTION_KEY: `k1:${randomBytes(32).toString('base64')}`,
      }
    : {};
  const env: Record<string, string> = {
    SANDBOX_BASE_URL: `${upstreamUrl}/sandbox`,
    // The service's own (unused) sandbox pushes a ticket at start; sent nowhere, it cannot replace the upstream's.
    SANDBOX_SERVICE_URL: 'http://127.0.0.1:9',
    PUBLIC_BASE_URL: serviceUrl,
    // Webhook receivers in the specs listen on 127.0.0.1, refused by default (SSRF).
    ALLOW_PRIVATE_WEBHOOK_URLS: '1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...secrets,
    ...serviceEnv,
  };
  const dataDir = path.join(scratch, 'service');
  const upstreamDir = path.join(scratch, 'upstream');
  let service: RunningServer | undefined;
  let upstream: RunningServer | undefined;
  let upstreamDatabaseUrl: string | undefined;
  const cliEnv = { ...process.env, ...env, DATA_DIR: dataDir };
  const cli = async (...args: string[]) =>
    JSON.parse(
      (await run('npm', ['run', '--silent', 'cli', '--', ...args, '--json'], { env: cliEnv })).stdout,
    ) as Record<string, unknown>;

  try {
    const platform = (await cli('platform', 'create', '--name', 'Crash rig')) as Provisioned;
    // Each platform's sandbox has its own keys, made on first use: make them before the copy, so the upstream's
    // sandbox and the service's adapters hold the same ones.
    await run('npm', ['run', '--silent', 'cli', '--', 'sandbox', 'live-env', '--platform', platform.platformId], {
      env: cliEnv,
    });
    // A copy of the provisioned database (no one may be connected to it while it is copied).
    if (databaseUrl)
      upstreamDatabaseUrl = await createScratchDatabase('crash_up', new URL(databaseUrl).pathname.slice(1));
    else fs.cpSync(dataDir, upstreamDir, { recursive: true });
    upstream = spawnServer(upstreamPort, upstreamDir, {
      SANDBOX_SERVICE_URL: serviceUrl,
      PUBLIC_BASE_URL: upstreamUrl,
      ...(upstreamDatabaseUrl ? { DATABASE_URL: upstreamDatabaseUrl } : {}),
      ...secrets,
    });
    await waitForOutput(upstream, /Console:/);

    const start = async () => {
      service = spawnServer(servicePort, dataDir, env);
      await waitForOutput(service, /Console:/);
      return service;
    };
    await start();

    return {
      kind,
      dataDir,
      platform,
      cli,
      get service() {
        return service!;
      },
      /** SIGKILL of the whole process group: no shutdown hook, no lock release, connections cut mid-query. */
      crash: () => killServer(service!),
      restart: start,
      /** The upstream's control API (faults, applyments, tickets, audits), as the rig's platform. */
      control: async (method: string, controlPath: string, body?: unknown) => {
        const response = await fetch(`${upstreamUrl}/sandbox/control${controlPath}`, {
          method,
          headers: {
            authorization: `Bearer ${platform.apiKey}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return {
          status: response.status,
          body: response.status === 204 ? null : ((await response.json()) as Record<string, unknown>),
        };
      },
      stop: async () => {
        if (service) await stopServer(service);
        await stopServer(upstream!);
        if (databaseUrl) await dropScratchDatabase(databaseUrl);
        if (upstreamDatabaseUrl) await dropScratchDatabase(upstreamDatabaseUrl);
        fs.rmSync(scratch, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (service) await stopServer(service);
    if (upstream) await stopServer(upstream);
    if (upstreamDatabaseUrl) await dropScratchDatabase(upstreamDatabaseUrl);
    throw error;
  }
}

export type CrashRig = Awaited<ReturnType<typeof startCrashRig>>;

/** The service's /v1 API through the typed client, with the rig's key (a new client per restart is not needed). */
export const rigApi = (rig: CrashRig) => apiClient(rig.platform.apiKey, serviceUrl);

/** Waits until the upstream has taken the injected fault (the held call has arrived there). */
export async function untilFaultFired(rig: CrashRig, timeoutMs = 30_000) {
  await expect
    .poll(
      async () =>
        ((await rig.control('GET', '/faults')).body!.faults as { fired: number }[]).reduce(
          (sum, f) => sum + f.fired,
          0,
        ),
      { timeout: timeoutMs },
    )
    .toBeGreaterThan(0);
}

/** Repeats `call` until it answers `status` (a lease or lock left by the crash expires on its own). */
export async function untilStatus<T extends { response: Response }>(
  call: () => Promise<T>,
  status: number,
  timeoutMs = 90_000,
): Promise<T> {
  let last: T | undefined;
  await expect
    .poll(async () => (last = await call()).response.status, { timeout: timeoutMs, intervals: [1000] })
    .toBe(status);
  return last!;
}

/**
 * A seller authorizes a mini program on WeChat (the upstream's ticket must have been pushed): the service's
 * pre-auth code, the grant at the upstream, the callback. Returns the authorizer's app id.
 */
export async function authorizedMiniProgram(rig: CrashRig, tenantId?: string): Promise<string> {
  const api = rigApi(rig);
  const started = await api.POST('/v1/miniprogram/authorize', {
    body: { platform: 'providerA', redirectUri: 'https://seller.example.com/back', ...(tenantId ? { tenantId } : {}) },
  });
  expect(started.response.status).toBe(201);
  const granted = await rig.control('POST', '/providerA/authorizations', { authUrl: started.data!.authUrl });
  expect(granted.status).toBe(200);
  const query = new URL(granted.body!.redirectUrl as string).searchParams;
  const done = await api.GET('/v1/miniprogram/authorize/callback/{platform}', {
    params: { path: { platform: 'providerA' }, query: Object.fromEntries(query) as { state: string } },
  });
  expect(done.response.status).toBe(200);
  return done.data!.appId;
}
