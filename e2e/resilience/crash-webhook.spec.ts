import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { crashDatabases, rigApi, startCrashRig } from '../support/crash-rig';

/** The integrator's endpoint: holds the first request open (the crash comes meanwhile), answers 200 after. */
async function holdingReceiver() {
  const eventIds: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    eventIds.push(String(req.headers['x-event-id']));
    if (eventIds.length > 1) res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    eventIds,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// PostgreSQL where CI has it (the scale-out database), else the embedded one: the recovery is pg-boss's either way.
const kind = crashDatabases()[0]!;

test(`[${kind}] SIGKILL while the receiver holds a webhook: after restart the event is delivered again with the same id`, async () => {
  test.setTimeout(420_000);
  const receiver = await holdingReceiver();
  const rig = await startCrashRig(kind);
  try {
    await rig.cli('platform', 'config', 'set', rig.platform.platformId, 'payments.notify_url', receiver.url);
    const created = await rigApi(rig).POST('/v1/payments/sub-merchants', {
      body: { distributorExternalUserId: 'crash-webhook-seller', provider: 'providerA' },
    });
    expect(created.response.status).toBe(201);
    await expect.poll(() => receiver.eventIds.length, { timeout: 30_000 }).toBe(1);
    await rig.crash();

    await rig.restart();
    // pg-boss expires the dead attempt (60 s), its maintenance notices (every 30 s) and retries it (30 s).
    await expect
      .poll(() => receiver.eventIds.length, { timeout: 330_000, intervals: [2000] })
      .toBeGreaterThanOrEqual(2);
    expect(new Set(receiver.eventIds)).toEqual(new Set([receiver.eventIds[0]]));
    expect(receiver.eventIds[0]).toMatch(/^evt_/);
  } finally {
    await rig.stop();
    await receiver.close();
  }
});
