/**
 * Two `next start` processes of the production build on ONE PostgreSQL database, as behind a load balancer:
 * the same data on both, one Idempotency-Key answer for both, one console session for both, scheduled jobs once per slot across them, one token
 * refresh and one component token for both, events delivered once each although both relay the outbox, and read
 * caches on both that hear each other's writes.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { apiClient } from '../support/api-client';
import { signIn } from '../support/sign-in';
import { spawnServer, stopServer, type RunningServer } from '../support/spawn-server';
import { startWebhookReceiver, until } from '../../test/support/webhook-receiver';

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const basePort = Number(process.env.E2E_PORT ?? 3100);
// +1 and +2 are the crash rig's (e2e/support/crash-rig.ts).
const ports = [basePort + 3, basePort + 4];
const admin = { email: 'scale-admin@e2e.test', password: 'scale-admin-password' };
const N = 20;

test.describe.configure({ mode: 'serial' });

let sql: postgres.Sql;
let dropDatabase: () => Promise<void>;
let servers: RunningServer[] = [];
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let platformId = '';
let apiKey = '';
const base = (i: number) => `http://localhost:${ports[i % 2]}`;

async function cli(env: Record<string, string>, ...args: string[]) {
  const { stdout } = await run('npm', ['run', '--silent', 'cli', '--', ...args, '--json'], {
    env: { ...process.env, ...env },
  });
  return JSON.parse(
    stdout
      .trim()
      .split('\n')
      .reverse()
      .find((line) => line.startsWith('{'))!,
  ) as Record<string, string>;
}

/** The typed client on instance i % 2, with the platform's key. */
const api = (i: number) => apiClient(apiKey, base(i));
const record = (id: string) => ({ params: { path: { id } } });
const versionsOf = (i: number, authorizerAppId: string) =>
  api(i).GET('/v1/miniprogram/{platform}/versions', {
    params: { path: { platform: 'providerA' }, query: { authorizerAppId } },
  });

async function waitHealthy(url: string, server: RunningServer) {
  const deadline = Date.now() + 90_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.process.exitCode !== null || Date.now() > deadline)
      throw new Error(`${url} never became healthy:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Per-platform objects live under the platform's namespace (`t/<ns>/<kind>`); the component token is instance-wide.
const countSandbox = async (kind: string) =>
  Number(
    (await sql`select count(*)::int as n from sandbox_objects where kind = ${kind} or kind like ${`t/%/${kind}`}`)[0]!
      .n,
  );

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const name = `t_scale_${randomBytes(5).toString('hex')}`;
  const adminSql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await adminSql.unsafe(`create database ${name}`);
  await adminSql.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  dropDatabase = async () => {
    const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  // What must be equal on every instance (docs/operations.md): the database and both secrets.
  const shared = {
    DATABASE_URL: url.toString(),
    SESSION_SECRET: randomBytes(36).toString('base64url'),
    DATA_ENCRYPTION_KEY: `k1:${randomBytes(32).toString('base64')}`,
    UPSTREAM_MODE: 'sandbox',
    EVENT_RETRY_SCHEDULE_SECONDS: '1,1,1',
    // The webhook receiver below listens on 127.0.0.1, refused by default (SSRF).
    ALLOW_PRIVATE_WEBHOOK_URLS: '1',
  };
  // Both start at once on an empty database: the migration advisory lock lets one migrate, the other waits.
  servers = ports.map((port) => spawnServer(port, `e2e/artifacts/scale-out-${port}`, shared));
  await Promise.all(servers.map((server, i) => waitHealthy(base(i), server)));
  sql = postgres(url.toString(), { max: 2, onnotice: () => {} });

  const platform = await cli(shared, 'platform', 'create', '--name', 'Scale-out platform');
  platformId = platform.platformId!;
  apiKey = platform.apiKey!;
  await cli(
    shared,
    'operator',
    'create',
    '--email',
    admin.email,
    '--password',
    admin.password,
    '--platform',
    platformId,
    '--role',
    'admin',
    '--locale',
    'en',
    '--password-final',
  );
  receiver = await startWebhookReceiver();
  await cli(shared, 'platform', 'config', 'set', platformId, 'payments.notify_url', receiver.url('/events'));
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => stopServer(server)));
  await receiver?.close();
  await sql?.end();
  await dropDatabase?.();
  for (const port of ports) fs.rmSync(`e2e/artifacts/scale-out-${port}`, { recursive: true, force: true });
});

test('requests alternate between the instances and see the same data', async () => {
  const created = await Promise.all(
    Array.from({ length: N }, (_, i) =>
      api(i).POST('/v1/payments/sub-merchants', { body: { distributorExternalUserId: `scale-seller-${i}` } }),
    ),
  );
  expect(created.map((r) => r.response.status)).toEqual(Array(N).fill(201));
  const createdIds = created.map((r) => r.data!.id);
  // Each record read on the instance that did NOT create it.
  const read = await Promise.all(
    createdIds.map((id, i) => api(i + 1).GET('/v1/payments/sub-merchants/{id}', record(id))),
  );
  expect(read.map((r) => r.response.status)).toEqual(Array(N).fill(200));
  expect(read.map((r) => r.data!.id)).toEqual(createdIds);
  for (const i of [0, 1]) {
    const listed = await api(i).GET('/v1/payments/sub-merchants', { params: { query: { limit: 100 } } });
    expect(listed.data!.data.map((r) => r.id).sort()).toEqual([...createdIds].sort());
  }
  // Creating the same record again on the other instance finds it (one record per triple across instances).
  const again = await api(1).POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: 'scale-seller-0' },
  });
  expect(again.response.status).toBe(200);
  // An ETag read on A guards a PUT on B; the stale one is refused on A.
  const id = createdIds[0]!;
  const etag = (await api(0).GET('/v1/payments/sub-merchants/{id}', record(id))).response.headers.get('etag')!;
  const guarded = (commissionRate: number, i: number) =>
    api(i).PUT('/v1/payments/sub-merchants/{id}', {
      params: { path: { id }, header: { 'If-Match': etag } },
      body: { commissionRate },
    });
  expect((await guarded(1, 1)).response.status).toBe(200);
  const stale = await guarded(2, 0);
  expect(stale.response.status).toBe(409);
  expect(stale.error?.code).toBe('conflict');
});

test('an Idempotency-Key decides across the instances: parallel retries on both run the create once', async () => {
  const key = `scale-${randomBytes(6).toString('hex')}`;
  const send = (i: number) =>
    api(i).POST('/v1/payments/sub-merchants', {
      params: { header: { 'Idempotency-Key': key } },
      body: { distributorExternalUserId: key },
    });
  const answers = await Promise.all(Array.from({ length: N }, (_, i) => send(i)));
  const ran = answers.filter(
    (a) => a.response.status !== 409 && a.response.headers.get('idempotent-replayed') === null,
  );
  expect(ran.map((a) => a.response.status)).toEqual([201]);
  const firstId = ran[0]!.data!.id;
  for (const answer of answers.filter((a) => a !== ran[0])) {
    if (answer.response.status === 409) expect(answer.error?.code).toBe('idempotency_key_in_use');
    else expect({ status: answer.response.status, id: answer.data?.id }).toEqual({ status: 201, id: firstId });
  }
  for (const i of [0, 1]) {
    const retry = await send(i);
    expect({ status: retry.response.status, id: retry.data?.id }).toEqual({ status: 201, id: firstId });
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
  }
});

test('a console session signed in on one instance works on the other', async ({ page }) => {
  await signIn(page, admin, base(0));
  // Searched for one seller in every tab: the list holds more than a page once the earlier tests have run.
  const list = `${base(1)}/platforms/${platformId}/sub-merchants?tab=all&q=scale-seller-1`;
  await page.goto(list);
  await expect(page).toHaveURL(list);
  await expect(page.getByRole('heading', { name: 'Sub-merchants', level: 1 })).toBeVisible();
  // The distributor id is the line under the seller's name (work queue at 1280 px).
  await expect(page.getByText('Distributor id: scale-seller-1').filter({ visible: true })).toBeVisible();
});

test('events are delivered once each although both instances relay the outbox and work the queue', async () => {
  // Every record but the one the first test already PUT.
  const all = (await sql`select id from sub_merchants where platform_id = ${platformId} order by id`).map(
    (r) => r.id as string,
  );
  const putBefore = (await sql`select sub_merchant_id from sub_merchant_history where action = 'updated'`).map(
    (r) => r.sub_merchant_id as string,
  );
  const ids = all.filter((id) => !putBefore.includes(id));
  const updates = await Promise.all(
    ids.map((id, i) => api(i).PUT('/v1/payments/sub-merchants/{id}', { ...record(id), body: { commissionRate: 3 } })),
  );
  expect(updates.map((r) => r.response.status)).toEqual(Array(ids.length).fill(200));
  const events = async () =>
    (await sql`select id from events where platform_id = ${platformId}`).map((r) => r.id as string);
  await until(
    async () => new Set(receiver.at('/events').map((h) => h.headers['x-event-id'])).size === (await events()).length,
    60_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 3000)); // a duplicate would arrive within the poll interval
  const eventIds = await events();
  // One sub_merchant.updated per create and per successful PUT (earlier tests' creates and PUTs included).
  expect(eventIds.length).toBe(all.length + putBefore.length + ids.length);
  const hits = receiver.at('/events').map((h) => h.headers['x-event-id'] as string);
  expect(hits.sort()).toEqual([...eventIds].sort());
  const deliveries =
    await sql`select event_id, status, attempts from event_deliveries where platform_id = ${platformId}`;
  expect(deliveries).toHaveLength(eventIds.length);
  expect(deliveries.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
});

test('both instances share the component ticket and token, and make one authorizer token refresh together', async () => {
  // The sandbox pushes the ticket to instance A; instance B starts and completes the authorization with it.
  expect(
    (
      await fetch(`${base(0)}/sandbox/control/providerA/ticket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}` },
      })
    ).status,
  ).toBe(200);
  const started = await api(1).POST('/v1/miniprogram/authorize', {
    body: { platform: 'providerA', redirectUri: 'https://seller.example.com/done', tenantId: 'scale-seller' },
  });
  expect(started.response.status).toBe(201);
  const granted = await fetch(`${base(0)}/sandbox/control/providerA/authorizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ state: started.data!.state }),
  });
  const query = new URL(((await granted.json()) as { redirectUrl: string }).redirectUrl).searchParams;
  const done = await api(1).GET('/v1/miniprogram/authorize/callback/{platform}', {
    params: { path: { platform: 'providerA' }, query: Object.fromEntries(query) as { state: string } },
  });
  expect(done.response.status).toBe(200);
  const appId = done.data!.appId;
  // Versions from both instances: neither fetches a component token of its own.
  const warm = await Promise.all([0, 1].map((i) => versionsOf(i, appId)));
  expect(warm.map((r) => r.response.status)).toEqual([200, 200]);
  expect(await countSandbox('providerA.component.componentToken')).toBe(1);

  const tokensBefore = await countSandbox('providerA.component.authorizerToken');
  await fetch(`${base(0)}/sandbox/control/providerA/tokens/expire`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ authorizerAppId: appId }),
  });
  const calls = await Promise.all(Array.from({ length: N }, (_, i) => versionsOf(i, appId)));
  expect(calls.map((r) => r.response.status)).toEqual(Array(N).fill(200));
  expect(await countSandbox('providerA.component.authorizerToken')).toBe(tokensBefore + 1);
});

test('each scheduled job runs once per slot across both instances', async () => {
  test.setTimeout(200_000);
  const cronJobs = ['sub-merchant-sync', 'mini-program-audit-poll'];
  // pg-boss cron: both instances register the schedule (one row each) and race to send each slot's job; the
  // send is unique per (name, minute), so a slot yields one job, worked by one instance.
  const schedules = await sql`select name from pgboss.schedule where name in ${sql(cronJobs)}`;
  expect(schedules.map((s) => s.name).sort()).toEqual([...cronJobs].sort());
  // The cron's runs carry the schedule's singleton key; the status sync's runs armed for a due second do not.
  const runs = (name: string) => sql`
    select state from pgboss.job where name = ${name} and singleton_key = ${name}
    union all select state from pgboss.archive where name = ${name} and singleton_key = ${name}`;
  const slots = (name: string) => sql`
    select singleton_on, state from pgboss.job where name = '__pgboss__send-it' and singleton_key = ${name}
    union all select singleton_on, state from pgboss.archive where name = '__pgboss__send-it' and singleton_key = ${name}`;
  await until(async () => (await runs('sub-merchant-sync')).some((r) => r.state === 'completed'), 150_000);
  for (const name of cronJobs) {
    const slotRows = await slots(name);
    expect(new Set(slotRows.map((r) => String(r.singleton_on))).size).toBe(slotRows.length);
    // A completed send has inserted its slot's run; a send still in flight may not have yet: one run per slot.
    const sent = slotRows.filter((r) => r.state === 'completed').length;
    const jobRuns = (await runs(name)).length;
    expect(jobRuns).toBeGreaterThanOrEqual(sent);
    expect(jobRuns).toBeLessThanOrEqual(slotRows.length);
  }
  expect((await runs('sub-merchant-sync')).length).toBeGreaterThanOrEqual(1);
});

// Last: it adds a record and an event, which the tests above count exactly.
test('a write on one instance is in the very next read on the other, with a new ETag, while bodies are reused', async () => {
  const created = await api(0).POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: 'scale-cache' },
  });
  const id = created.data!.id;
  const get = (i: number, ifNoneMatch?: string) =>
    api(i).GET('/v1/payments/sub-merchants/{id}', {
      params: { path: { id }, ...(ifNoneMatch ? { header: { 'If-None-Match': ifNoneMatch } } : {}) },
    });
  const list = (i: number) =>
    api(i).GET('/v1/payments/sub-merchants', { params: { query: { distributor_external_user_id: 'scale-cache' } } });
  // Both instances build and keep the bodies (src/server/http/read-route-cache.ts).
  for (const i of [0, 1, 0, 1]) {
    expect((await get(i)).response.status).toBe(200);
    expect((await list(i)).response.status).toBe(200);
  }
  const etag = (await get(1)).response.headers.get('etag')!;
  expect((await get(1, etag)).response.status).toBe(304);

  for (const [writer, reader] of [
    [0, 1],
    [1, 0],
  ] as const) {
    for (let rate = 3; rate <= 5; rate++) {
      const commissionRate = rate + writer * 3;
      const written = await api(writer).PUT('/v1/payments/sub-merchants/{id}', {
        ...record(id),
        body: { commissionRate },
      });
      expect(written.response.status).toBe(200);
      // No waiting: the answer on the other instance reflects every write committed before it was asked.
      expect((await get(reader)).data!.commissionRate).toBe(commissionRate);
      expect((await list(reader)).data!.data[0]!.commissionRate).toBe(commissionRate);
    }
  }
  const after = await get(1, etag);
  expect(after.response.status).toBe(200);
  expect(after.response.headers.get('etag')).not.toBe(etag);
});
