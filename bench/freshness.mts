/**
 * Freshness: how long from an upstream change (a move in the sandbox) until the record shows it and until the
 * integrator's receiver gets the `sub_merchant.updated` webhook. N records under review (default 10,000,
 * providerA, polled: WeChat never pushes applyment changes) plus a few providerB applications (Alipay pushes
 * its result), on PostgreSQL, with the production job runner (pg-boss, outbox relay, timed status sync) and
 * the sandbox over HTTP in this process. Moves happen at random times to random records; reports p50/p90/p99/max
 * per path against the targets (polled ≤ interval + 5 s, pushed ≤ 1 s).
 *
 * Usage: npx tsx bench/freshness.mts --help
 */
import { randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from './lib/args.mjs';
import { startInProcessService } from './lib/in-process-service.mts';
import { defaultAdminUrl } from './lib/pg-database.mjs';
import { fixed, markdownTable } from './lib/report.mjs';

const defaults = {
  records: 10_000,
  interval: 60,
  rate: 200,
  moves: 200,
  pushed: 20,
  duration: 120,
  warmup: 0,
  pool: 10,
  adminUrl: process.env.BENCH_PG_ADMIN_URL ?? defaultAdminUrl,
  json: '',
};
const usage = `npx tsx bench/freshness.mts [options]
  --records <n>      providerA records under review, polled by the status sync (default ${defaults.records})
  --interval <s>     SUB_MERCHANT_SYNC_INTERVAL_SECONDS (default ${defaults.interval})
  --rate <n>         SYNC_RATE_LIMIT_PER_SECOND, per provider (default ${defaults.rate}); records ÷ rate must fit the interval
  --moves <n>        providerA applications moved in the sandbox during the run (default ${defaults.moves})
  --pushed <n>       providerB applications submitted and moved to FINISHED, which Alipay pushes (default ${defaults.pushed})
  --duration <s>     the moves are spread uniformly at random over this many seconds (default ${defaults.duration})
  --warmup <s>       wait before the first move, for the initial drain of due records (default: the interval)
  --pool <n>         PostgreSQL pool size, like DATABASE_POOL_SIZE (default ${defaults.pool})
  --admin-url <url>  PostgreSQL admin URL; a fresh database is created and dropped (default ${defaults.adminUrl})
  --json <file>      also write the samples and results as JSON`;

const options = parseArgs(process.argv.slice(2), defaults);
if (options.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const say = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Move = { id: string; applymentId: string; provider: 'providerA' | 'providerB'; state: string; movedAt: number };

const cleanups: (() => Promise<unknown> | void)[] = [];
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-freshness-'));
cleanups.push(() => fs.rmSync(runDir, { recursive: true, force: true }));
const loadAtStart = os.loadavg();
try {
  const { handle } = await startInProcessService({
    adminUrl: options.adminUrl,
    databasePrefix: 'bench_fresh',
    runDir,
    pool: options.pool,
    env: {
      SYNC_RATE_LIMIT_PER_SECOND: String(options.rate),
      SUB_MERCHANT_SYNC_INTERVAL_SECONDS: String(options.interval),
      ALLOW_PRIVATE_WEBHOOK_URLS: '1',
    },
    cleanups,
    say,
  });
  const { resetEnvForTests } = await import('@/env');
  const { resetOnboardingProvidersForTests } = await import('@/server/upstreams/onboarding');
  const { serveOverHttp } = await import('../test/support/http-adapter');
  const { sandboxHandler } = await import('../test/support/sandbox-server');
  const { seedUnderReview } = await import('./lib/seed-under-review.mts');
  // The sandbox and the service's /callbacks on one HTTP port, as useSandboxOverHttp() does for the tests.
  // Counts providerA's application queries (GET …/applyment…): the status sync's load on the upstream.
  let providerAQueries = 0;
  const sandbox = await serveOverHttp(async (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname.includes('/providerA/') && pathname.includes('applyment'))
      providerAQueries++;
    return sandboxHandler(request);
  });
  cleanups.push(sandbox.close);
  Object.assign(process.env, { SANDBOX_BASE_URL: `${sandbox.url}/sandbox`, SANDBOX_SERVICE_URL: sandbox.url });
  resetEnvForTests();
  resetOnboardingProvidersForTests();

  const receiver = await startReceiver();
  cleanups.push(receiver.close);

  const seeded = await seedUnderReview({
    db: handle.db,
    count: options.records,
    templates: 10,
    changedFraction: 0,
    log: say,
  });
  const { setPlatformConfig } = await import('@/server/services/platforms/set-platform-config');
  await setPlatformConfig(
    { db: handle.db, platformId: seeded.platformId, actor: 'bench' },
    { key: 'payments.notify_url', value: receiver.url },
  );
  // Reviews take days: the seeded records have sat unchanged for one, so their checks have backed off to the
  // interval, as in a steady state (fresh rows would all be polled fast at first).
  const { subMerchants } = await import('@/server/db/schema');
  const { and, eq, inArray, sql } = await import('drizzle-orm');
  await handle.db
    .update(subMerchants)
    .set({ updatedAt: sql`now() - interval '1 day'` })
    .where(eq(subMerchants.platformId, seeded.platformId));
  const pushedRecords = await submitProviderB(handle.db, seeded.platformId);
  say(`submitted ${pushedRecords.length} providerB application(s)`);

  await import('@/server/jobs/all-jobs');
  const { startJobs } = await import('@/server/jobs/start-jobs');
  const runner = await startJobs(handle);
  cleanups.push(() => runner.stop());
  const warmup = (options.warmup || options.interval) * 1000;
  say(`job runner started; waiting ${warmup / 1000} s for the first round of checks`);
  await pause(warmup);

  const polled = await handle.db
    .select({ id: subMerchants.id, applymentId: subMerchants.chApplymentId })
    .from(subMerchants)
    .where(
      and(
        inArray(subMerchants.id, [...seeded.seededIds].slice(0, options.records)),
        eq(subMerchants.provider, 'providerA'),
      ),
    );
  const picks = new Set<number>();
  while (picks.size < Math.min(options.moves, polled.length)) picks.add(randomInt(polled.length));
  const plan: Omit<Move, 'movedAt'>[] = [
    ...[...picks].map((i) => ({
      id: polled[i]!.id,
      applymentId: polled[i]!.applymentId!,
      provider: 'providerA' as const,
      // Both keep the review under way, so the polled population stays at N during the run.
      state: Math.random() < 0.5 ? 'to_be_confirmed' : 'to_be_signed',
    })),
    ...pushedRecords.map((r) => ({ ...r, provider: 'providerB' as const, state: 'finished' })),
  ];
  // providerA moves go to the sandbox's store by business code, as the control API's setApplymentState does
  // (state, time, sign URL): the control API finds an application by scanning every one, which at 10,000 clones
  // would load the process more than the sync under test.
  const { createDbSandboxStore } = await import('@/sandbox/db-store');
  const { namespacedStore } = await import('@/sandbox/namespace');
  const { sandboxNamespace } = await import('@/server/config/sandbox-namespace');
  const { APPLYMENT_KIND } = await import('@/sandbox/providerA/pay/applyment-store');
  const { submissionId } = await import('@/server/services/sub-merchants/submission-id');
  const store = namespacedStore(
    createDbSandboxStore(async () => handle.db),
    sandboxNamespace(seeded.platformId),
  );
  const upstreamState: Record<string, string> = {
    to_be_confirmed: 'APPLYMENT_STATE_TO_BE_CONFIRMED',
    to_be_signed: 'APPLYMENT_STATE_TO_BE_SIGNED',
  };
  const movePolled = async (move: Omit<Move, 'movedAt'>) => {
    const businessCode = submissionId({ id: move.id, provider: 'providerA', reviewRound: 1 });
    const record = await store.get<Record<string, unknown>>(APPLYMENT_KIND, businessCode);
    if (!record) throw new Error(`no sandbox application for ${move.id}`);
    record.state = upstreamState[move.state];
    record.updated_at = new Date().toISOString();
    record.sign_url ??= `https://sandbox.invalid/sign?applyment_id=${move.applymentId}`;
    await store.put(APPLYMENT_KIND, businessCode, record);
  };
  const callsBefore = providerAQueries;
  const moves: Move[] = [];
  const started = Date.now();
  say(`moving ${plan.length} application(s) at random times over ${options.duration} s`);
  await Promise.all(
    plan.map(async (move) => {
      await pause(Math.random() * options.duration * 1000);
      // Timed from the first attempt: a retried move only makes its lag look longer.
      const movedAt = Date.now();
      if (move.provider === 'providerA') {
        await movePolled(move);
        moves.push({ ...move, movedAt });
        return;
      }
      for (let attempt = 1; ; attempt++) {
        try {
          const url = `${sandbox.url}/sandbox/control/${move.provider}/applyments/${move.applymentId}`;
          const response = await fetch(url, {
            method: 'POST',
            headers: { authorization: `Bearer ${seeded.apiKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ state: move.state }),
          });
          if (!response.ok) throw new Error(`sandbox move answered ${response.status}: ${await response.text()}`);
          break;
        } catch (error) {
          // A keep-alive connection the server closed as it was reused (ECONNRESET): moving is idempotent.
          if (attempt === 3) throw error;
          say(`move of ${move.id} failed (${(error as Error).message}); again`);
        }
      }
      moves.push({ ...move, movedAt });
    }),
  );
  const settle = (options.interval + 30) * 1000;
  const checksPerSecond = (providerAQueries - callsBefore) / ((Date.now() - started) / 1000);
  say(`all moved after ${((Date.now() - started) / 1000).toFixed(0)} s; waiting up to ${settle / 1000} s for the last`);
  const settleBy = Date.now() + settle;
  while (Date.now() < settleBy && moves.some((m) => !receiver.at(m.id, m.state))) await pause(500);

  const { events } = await import('@/server/db/schema');
  const rows = await handle.db
    .select({ data: events.data, createdAt: events.createdAt })
    .from(events)
    .where(and(eq(events.platformId, seeded.platformId), eq(events.type, 'sub_merchant.updated')));
  const recordAt = new Map<string, number>();
  for (const row of rows) {
    const object = (row.data as { object: { id: string; chApplymentState?: string } }).object;
    const key = `${object.id}:${object.chApplymentState}`;
    if (!recordAt.has(key) || recordAt.get(key)! > row.createdAt.getTime()) recordAt.set(key, row.createdAt.getTime());
  }
  const lags = (provider: Move['provider'], to: 'record' | 'webhook') =>
    moves
      .filter((m) => m.provider === provider)
      .map((m) => {
        const at = to === 'record' ? recordAt.get(`${m.id}:${m.state}`) : receiver.at(m.id, m.state);
        return at === undefined ? Infinity : Math.max(0, at - m.movedAt);
      });
  const result = {
    checksPerSecond,
    polledRecord: summary(lags('providerA', 'record')),
    polledWebhook: summary(lags('providerA', 'webhook')),
    pushedRecord: summary(lags('providerB', 'record')),
    pushedWebhook: summary(lags('providerB', 'webhook')),
  };
  const machine = {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadAverageStart: loadAtStart,
    loadAverageEnd: os.loadavg(),
  };
  process.stdout.write(`${render(result, machine)}\n`);
  if (options.json) fs.writeFileSync(options.json, JSON.stringify({ options, machine, result, moves }, null, 2));
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  for (const cleanup of cleanups.reverse())
    await Promise.resolve(cleanup()).catch((error: Error) => say(`cleanup: ${error.message}`));
}

/** The integrator's endpoint: when the first webhook announcing each record in each state arrived. */
async function startReceiver() {
  const first = new Map<string, number>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const at = Date.now();
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        type: string;
        data: { object?: { id: string; chApplymentState?: string } };
      };
      const object = body.data.object;
      if (body.type === 'sub_merchant.updated' && object) {
        const key = `${object.id}:${object.chApplymentState}`;
        if (!first.has(key)) first.set(key, at);
      }
    } catch {
      // not an event: ignored
    }
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    at: (id: string, state: string) => first.get(`${id}:${state}`),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** providerB applications through the real flow (images, create, submit): Alipay pushes their result. */
async function submitProviderB(db: import('@/server/db').Db, platformId: string) {
  const { completeFormDataFixture } = await import('../test/support/form-data-fixtures');
  const { formDataFromReference } = await import('../test/support/reference-form-data');
  const { createSubMerchant } = await import('@/server/services/sub-merchants/create-sub-merchant');
  const { submitSubMerchant } = await import('@/server/services/sub-merchants/submit-sub-merchant');
  const { serviceUploader, uploadTestImages } = await import('../test/support/sub-merchants');
  const ctx = { db, platformId, actor: 'bench' };
  const media = await uploadTestImages(serviceUploader(db, platformId), 'providerB');
  const out: { id: string; applymentId: string }[] = [];
  for (let i = 0; i < options.pushed; i++) {
    const { record } = await createSubMerchant(ctx, {
      distributorExternalUserId: `bench-pushed-${i}`,
      provider: 'providerB',
      formData: completeFormDataFixture({ ...formDataFromReference('providerB'), ...media }),
    });
    const { record: submitted } = await submitSubMerchant(ctx, { id: record.id, patch: undefined });
    out.push({ id: record.id, applymentId: submitted.chApplymentId! });
  }
  return out;
}

type Summary = { n: number; missed: number; p50: number; p90: number; p99: number; max: number };

function summary(values: number[]): Summary {
  const seen = values.filter(Number.isFinite).sort((a, b) => a - b);
  const at = (q: number) => (seen.length ? seen[Math.min(seen.length - 1, Math.ceil(q * seen.length) - 1)]! : NaN);
  return {
    n: values.length,
    missed: values.length - seen.length,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: at(1),
  };
}

function render(
  r: { checksPerSecond: number } & Record<'polledRecord' | 'polledWebhook' | 'pushedRecord' | 'pushedWebhook', Summary>,
  m: { node: string; cpus: number; cpuModel?: string; loadAverageStart: number[]; loadAverageEnd: number[] },
) {
  const polledTarget = (options.interval + 5) * 1000;
  const s = (ms: number) => `${fixed(ms / 1000, 2)} s`;
  const row = (name: string, x: Summary, targetMs: number | null) => [
    name,
    `${x.n - x.missed} of ${x.n}`,
    s(x.p50),
    s(x.p90),
    s(x.p99),
    s(x.max),
    targetMs === null ? '–' : `≤ ${s(targetMs)}: ${x.missed === 0 && x.p99 <= targetMs ? 'MET' : 'NOT MET'}`,
  ];
  return [
    `Node ${m.node}, ${m.cpus} cores (${m.cpuModel}); PostgreSQL; sandbox over HTTP in this process; load average (1/5/15 min) ${m.loadAverageStart.map((x) => fixed(x, 2)).join(' / ')} at start, ${m.loadAverageEnd.map((x) => fixed(x, 2)).join(' / ')} at end.`,
    `${options.records} providerA records under review, SUB_MERCHANT_SYNC_INTERVAL_SECONDS=${options.interval}, SYNC_RATE_LIMIT_PER_SECOND=${options.rate}; ${options.moves} polled moves and ${options.pushed} pushed over ${options.duration} s.`,
    `providerA status queries during the moves: ${fixed(r.checksPerSecond, 1)}/s (all records once per interval needs ${fixed(options.records / options.interval, 1)}/s).`,
    '',
    markdownTable(
      ['Change → …', 'Seen', 'p50', 'p90', 'p99', 'max', 'Target (p99)'],
      [
        row('polled (providerA) → record updated', r.polledRecord!, polledTarget),
        row('polled (providerA) → webhook received', r.polledWebhook!, polledTarget),
        row('pushed (providerB) → record updated', r.pushedRecord!, 1000),
        row('pushed (providerB) → webhook received', r.pushedWebhook!, null),
      ],
    ),
  ].join('\n');
}
