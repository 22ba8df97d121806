/**
 * A rolling restart as an orchestrator does it: two instances on one PostgreSQL behind a balancer that follows
 * `/api/ready` (e2e/support/ready-proxy.ts); instance 1 gets SIGTERM, exits, starts again and turns ready, then
 * instance 2 the same, all under steady /v1 reads and writes. Not one request fails, and every event of the
 * writes reaches the integrator's endpoint exactly once.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { apiClient } from '../support/api-client';
import { expectEachDeliveredOnce, listEventIds, startLedgerReceiver } from '../support/delivery-ledger';
import { startReadyProxy } from '../support/ready-proxy';
import { createScratchDatabase, dropScratchDatabase } from '../support/scratch-database';
import { spawnServer, stopServer, type RunningServer } from '../support/spawn-server';
import { expectBothKindsServed, failedRequests, startSteadyLoad } from '../support/steady-load';

const run = promisify(execFile);
const basePort = Number(process.env.E2E_PORT ?? 3100);
// The scale-out test's ports (+3, +4): the two never run at once (one Playwright worker).
const ports = [basePort + 3, basePort + 4];
const urls = ports.map((port) => `http://127.0.0.1:${port}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('[postgres] rolling restart of two instances behind a readiness-following proxy: no request fails', async () => {
  test.setTimeout(150_000);
  const databaseUrl = await createScratchDatabase('rolling');
  const shared = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: `k1:${randomBytes(32).toString('base64')}`,
    API_RATE_LIMIT_PER_SECOND: '100000',
    API_RATE_LIMIT_BURST: '100000',
    ALLOW_PRIVATE_WEBHOOK_URLS: '1', // the receiver listens on 127.0.0.1
  };
  const dataDir = (i: number) => `e2e/artifacts/rolling-${ports[i]}`;
  const start = (i: number) => spawnServer(ports[i]!, dataDir(i), { ...shared, PUBLIC_BASE_URL: urls[i]! });
  const servers: RunningServer[] = [];
  const proxy = await startReadyProxy(urls);
  const receiver = await startLedgerReceiver();
  try {
    const cli = async (...args: string[]) =>
      JSON.parse(
        (await run('npm', ['run', '--silent', 'cli', '--', ...args, '--json'], { env: { ...process.env, ...shared } }))
          .stdout,
      ) as Record<string, string>;
    const { platformId, apiKey } = await cli('platform', 'create', '--name', 'Rolling');
    await cli('platform', 'config', 'set', platformId!, 'payments.notify_url', receiver.url);
    servers.push(start(0), start(1));
    await expect.poll(() => urls.every((url) => proxy.isReady(url)), { timeout: 90_000 }).toBe(true);

    const load = startSteadyLoad({ baseUrl: proxy.url, apiKey: apiKey!, readers: 4, writers: 2, tag: 'rolling' });
    await sleep(1000);
    for (const i of [0, 1]) {
      const answeredBefore = proxy.answered(urls[i]!);
      // The signal comes while the instance holds requests (whose answers the load then checks).
      while (proxy.holding(urls[i]!) === 0) await sleep(1);
      process.kill(servers[i]!.process.pid!, 'SIGTERM');
      expect(await servers[i]!.exited, servers[i]!.output()).toBe(0);
      servers[i] = start(i);
      await expect.poll(() => proxy.isReady(urls[i]!), { timeout: 60_000 }).toBe(true);
      // Back in the rotation: the restarted instance answers again before the next one goes.
      await expect.poll(() => proxy.answered(urls[i]!), { timeout: 10_000 }).toBeGreaterThan(answeredBefore);
      await sleep(500);
    }
    await load.stop();

    expect(failedRequests(load.outcomes)).toEqual([]);
    expectBothKindsServed(load.outcomes);
    // One event per write; the deliveries queued and under way at each signal were not lost nor sent twice.
    const eventIds = await listEventIds(apiClient(apiKey!, proxy.url));
    expect(eventIds.length).toBe(load.outcomes.filter((o) => o.result === 201).length);
    await expectEachDeliveredOnce(receiver, eventIds);
  } finally {
    await Promise.all(servers.map((server) => stopServer(server)));
    await proxy.close();
    await receiver.close();
    await dropScratchDatabase(databaseUrl);
    for (const i of [0, 1]) fs.rmSync(dataDir(i), { recursive: true, force: true });
  }
});
