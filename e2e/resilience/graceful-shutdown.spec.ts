/**
 * SIGTERM under steady /v1 traffic while webhook deliveries are queued and under way: every request that had
 * started is answered 2xx (a refused connection is only allowed for a request begun after the signal), the process
 * exits 0, and after a restart every event reaches the receiver exactly once: none lost, none sent twice.
 * PGlite runs a bare `next start` (the server takes the signals over from Next.js); PostgreSQL runs as `npm start`
 * does, with NEXT_MANUAL_SIG_HANDLE=1.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { apiClient } from '../support/api-client';
import { crashDatabases } from '../support/crash-rig';
import { expectEachDeliveredOnce, listEventIds, startLedgerReceiver } from '../support/delivery-ledger';
import { createScratchDatabase, dropScratchDatabase } from '../support/scratch-database';
import { spawnServer, stopServer, waitForOutput, type RunningServer } from '../support/spawn-server';
import { expectBothKindsServed, failedRequests, inFlightAt, startSteadyLoad } from '../support/steady-load';

const run = promisify(execFile);
const port = Number(process.env.E2E_PORT ?? 3100) + 2;
const baseUrl = `http://127.0.0.1:${port}`;
/** Each delivery is held this long, so deliveries are under way and queued when the signal comes. */
const RECEIVER_HOLD_MS = 200;
const BACKLOG = 30;

for (const kind of crashDatabases()) {
  test(`[${kind}] SIGTERM under /v1 load and a delivery backlog: no started request fails, exit 0, each event delivered once after restart`, async () => {
    test.setTimeout(120_000);
    const receiver = await startLedgerReceiver(RECEIVER_HOLD_MS);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'graceful-'));
    const databaseUrl = kind === 'postgres' ? await createScratchDatabase('graceful') : undefined;
    const env: Record<string, string> = {
      PUBLIC_BASE_URL: baseUrl,
      ALLOW_PRIVATE_WEBHOOK_URLS: '1', // the receiver listens on 127.0.0.1
      API_RATE_LIMIT_PER_SECOND: '100000',
      API_RATE_LIMIT_BURST: '100000',
      ...(databaseUrl
        ? {
            DATABASE_URL: databaseUrl,
            SESSION_SECRET: randomBytes(32).toString('hex'),
            DATA_ENCRYPTION_KEY: `k1:${randomBytes(32).toString('base64')}`,
          }
        : { NEXT_MANUAL_SIG_HANDLE: '' }),
    };
    const dataDir = path.join(scratch, 'data');
    const cli = async (...args: string[]) =>
      JSON.parse(
        (
          await run('npm', ['run', '--silent', 'cli', '--', ...args, '--json'], {
            env: { ...process.env, ...env, DATA_DIR: dataDir },
          })
        ).stdout,
      ) as Record<string, string>;
    let server: RunningServer | undefined;
    try {
      const { platformId, apiKey } = await cli('platform', 'create', '--name', 'Graceful shutdown');
      await cli('platform', 'config', 'set', platformId!, 'payments.notify_url', receiver.url);
      server = spawnServer(port, dataDir, env);
      await waitForOutput(server, /Console:/);
      const api = apiClient(apiKey!, baseUrl);

      // A backlog: each create queues a delivery, and the receiver takes RECEIVER_HOLD_MS for each.
      const created = await Promise.all(
        Array.from({ length: BACKLOG }, (_, n) =>
          api.POST('/v1/payments/sub-merchants', { body: { distributorExternalUserId: `backlog-${n}` } }),
        ),
      );
      expect(created.map((r) => r.response.status)).toEqual(Array(BACKLOG).fill(201));
      const load = startSteadyLoad({ baseUrl, apiKey: apiKey!, readers: 4, writers: 2, tag: 'steady' });
      await expect.poll(() => receiver.holding(), { timeout: 20_000 }).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // The signal comes while deliveries are under way: one cut short would be retried and arrive twice.
      await expect.poll(() => receiver.holding(), { timeout: 20_000, intervals: [5] }).toBeGreaterThan(0);

      const stoppedAt = Date.now();
      process.kill(server.process.pid!, 'SIGTERM');
      const exitCode = await server.exited;
      const stoppedFor = Date.now() - stoppedAt;
      await load.stop();
      const deliveredBeforeRestart = new Set(receiver.eventIds).size;

      expect(exitCode, server.output()).toBe(0);
      expect(failedRequests(load.outcomes, stoppedAt)).toEqual([]);
      expectBothKindsServed(load.outcomes);
      // The signal found requests under way, and the shutdown let them finish.
      expect(inFlightAt(load.outcomes, stoppedAt).length).toBeGreaterThan(0);
      expect(stoppedFor).toBeLessThan(25_000);
      // After the exit nothing more is answered: the refusals came once the instance had stopped.
      expect(load.outcomes.some((o) => o.result === 'ECONNREFUSED' && o.startedAt >= stoppedAt)).toBe(true);

      server = spawnServer(port, dataDir, env);
      await waitForOutput(server, /Console:/);
      const eventIds = await listEventIds(api);
      // One event per record created, including every write of the load that was answered 201.
      const writes = load.outcomes.filter((o) => o.result === 201).length;
      expect(eventIds.length).toBe(BACKLOG + writes);
      // The backlog outlived the first process: the restarted one delivers the rest.
      expect(deliveredBeforeRestart).toBeLessThan(eventIds.length);
      await expectEachDeliveredOnce(receiver, eventIds);
    } finally {
      if (server) await stopServer(server);
      await receiver.close();
      if (databaseUrl) await dropScratchDatabase(databaseUrl);
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
}
