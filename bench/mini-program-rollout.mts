/**
 * A mini-program rollout at scale (issue 31): platform A ships one version to N sandbox authorizers (default
 * 1,000) with audit and auto-release, through the production executor on the job queue (pg-boss, outbox), on
 * PostgreSQL, against the sandbox over HTTP. Audits are approved as they appear through the sandbox's control
 * API, which pushes each decision to the service's /callbacks, as WeChat does. Reports:
 * - the rollout's upstream step calls a second against ROLLOUT_RATE_LIMIT_PER_SECOND (target ≥ 90 %);
 * - this process's memory before and after (after a full GC; the service, its jobs and the sandbox live here);
 * - the time from each approval push to that authorizer's release (p99 target ≤ 2 s);
 * - fairness: platform B's small rollout's completion time alone and while A's runs, and an interactive call's
 *   latency (GET …/versions of one of A's authorizers, two upstream calls) alone and while A's runs.
 *
 * Usage: npx tsx bench/mini-program-rollout.mts --help
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { parseArgs } from './lib/args.mjs';
import { memorySample, startMemorySampler } from './lib/memory.mjs';
import { startInProcessService } from './lib/in-process-service.mts';
import { defaultAdminUrl } from './lib/pg-database.mjs';
import { fixed, markdownTable } from './lib/report.mjs';

const defaults = {
  authorizers: 1000,
  small: 10,
  rate: 50,
  concurrency: 50,
  interactive: 20,
  seedConcurrency: 8,
  pool: 10,
  targetShare: 0.9,
  adminUrl: process.env.BENCH_PG_ADMIN_URL ?? defaultAdminUrl,
  json: '',
};
const usage = `npx tsx bench/mini-program-rollout.mts [options]
  --authorizers <n>      platform A's authorizers in the large rollout (default ${defaults.authorizers})
  --small <n>            platform B's authorizers in the small rollout (default ${defaults.small})
  --rate <n>             ROLLOUT_RATE_LIMIT_PER_SECOND, per provider and platform (default ${defaults.rate})
  --concurrency <n>      the large rollout's policy.concurrency (1–50, default ${defaults.concurrency})
  --interactive <n>      interactive calls per measurement (default ${defaults.interactive})
  --seed-concurrency <n> authorizations granted at once while seeding (default ${defaults.seedConcurrency})
  --pool <n>             PostgreSQL pool size, like DATABASE_POOL_SIZE (default ${defaults.pool})
  --target-share <x>     pass mark: step calls/s ≥ x × rate (default ${defaults.targetShare})
  --admin-url <url>      PostgreSQL admin URL; a fresh database is created and dropped (default ${defaults.adminUrl})
  --json <file>          also write the results as JSON`;

const options = parseArgs(process.argv.slice(2), defaults);
if (options.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const say = (line: string) => process.stderr.write(`${line}\n`);
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-rollout-'));
const cleanups: (() => Promise<unknown> | void)[] = [];
const STEP_CALL = /^providerA\/open\/wxa\/(commit|submit_audit|release)$/;

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

try {
  const { handle } = await startInProcessService({
    adminUrl: options.adminUrl,
    databasePrefix: 'bench_rollout',
    runDir,
    pool: options.pool,
    env: {
      ROLLOUT_RATE_LIMIT_PER_SECOND: String(options.rate),
      // Seeding and reviewing drive one key's sandbox control flat out; the per-key limit would refuse them.
      API_RATE_LIMIT_PER_SECOND: '1000000',
      API_RATE_LIMIT_BURST: '1000000',
    },
    cleanups,
    say,
  });
  const db = handle.db;
  const { resetEnvForTests } = await import('@/env');
  const { resetMiniProgramProvidersForTests } = await import('@/server/upstreams/mini-programs');
  const { sandboxNamespace } = await import('@/server/config/sandbox-namespace');
  const { serveOverHttp } = await import('../test/support/http-adapter');
  const { sandboxHandler } = await import('../test/support/sandbox-server');
  const { createPlatformWithKey } = await import('../test/support/fixtures');
  const { miniProgramApi, authorizeMiniProgram, extJsonFor } = await import('../test/support/mini-programs');

  // The sandbox and the service's /callbacks on one HTTP port (as the integration tests serve them). Each of the
  // rollout's step calls is recorded with its namespace (its platform) and time.
  const stepCalls: { namespace: string; at: number }[] = [];
  const sandbox = await serveOverHttp(async (request) => {
    const upstream = /^\/sandbox\/t\/([^/]+)\/(.+)$/.exec(new URL(request.url).pathname);
    if (upstream && STEP_CALL.test(upstream[2]!)) stepCalls.push({ namespace: upstream[1]!, at: Date.now() });
    return sandboxHandler(request);
  });
  cleanups.push(sandbox.close);
  Object.assign(process.env, {
    SANDBOX_BASE_URL: `${sandbox.url}/sandbox`,
    SANDBOX_SERVICE_URL: sandbox.url,
    PUBLIC_BASE_URL: sandbox.url,
  });
  resetEnvForTests();
  resetMiniProgramProvidersForTests();

  const control = (apiKey: string) => async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${sandbox.url}/sandbox/control${route}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> | null };
  };

  async function platformWith(n: number, prefix: string) {
    const created = await createPlatformWithKey(db);
    const api = miniProgramApi(created.apiKey);
    const ticket = await control(created.apiKey)('POST', '/providerA/ticket');
    if (ticket.status !== 200) throw new Error(`ticket push answered ${ticket.status}`);
    const appIds: string[] = [];
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: options.seedConcurrency }, async () => {
        for (let i = next++; i < n; i = next++) {
          const { appId } = await authorizeMiniProgram(api, control(created.apiKey), 'providerA', `${prefix}-${i}`);
          appIds.push(appId);
          if (appIds.length % 200 === 0) say(`  ${prefix}: ${appIds.length}/${n} authorized`);
        }
      }),
    );
    say(`${prefix}: ${n} authorizers in ${fixed((Date.now() - started) / 1000, 1)} s`);
    // The sandbox's monthly submit-audit quota (20, WeChat's default) would stop the rollout at 20 with "audit
    // quota": the platform's quota is raised through the control API, as an operator of the sandbox would.
    const quota = await control(created.apiKey)('PUT', '/providerA/audit-policy', {
      quota: { limit: 3 * n, rest: 3 * n },
    });
    if (quota.status !== 200) throw new Error(`audit policy: ${JSON.stringify(quota.body)}`);
    const templateId = (await api.templates('providerA')).body.templates[0].templateId as string;
    return { ...created, api, appIds, templateId, namespace: sandboxNamespace(created.platformId) };
  }
  type Platform = Awaited<ReturnType<typeof platformWith>>;

  const a = await platformWith(options.authorizers, 'seller-a');
  const b = await platformWith(options.small, 'seller-b');

  await import('@/server/jobs/all-jobs');
  const { startJobs } = await import('@/server/jobs/start-jobs');
  const runner = await startJobs(handle);
  cleanups.push(() => runner.stop());

  // The reviewers: every audit of a watched rollout is approved as soon as it is submitted, through the sandbox's
  // control API, which pushes the decision to /callbacks before it answers; one reviewer per rollout, so B's
  // audits never queue behind A's here. `pushedAt`: when the approval was sent.
  const { miniProgramRolloutItems, miniProgramRollouts } = await import('@/server/db/schema');
  const { and, eq, isNotNull } = await import('drizzle-orm');
  const pushedAt = new Map<string, number>();
  let approving = true;
  const reviewers: Promise<void>[] = [];
  const review = async (rolloutId: string, p: Platform) => {
    while (approving) {
      const waiting = await db
        .select({ auditId: miniProgramRolloutItems.auditId })
        .from(miniProgramRolloutItems)
        .where(
          and(
            eq(miniProgramRolloutItems.rolloutId, rolloutId),
            eq(miniProgramRolloutItems.step, 'await_audit'),
            eq(miniProgramRolloutItems.state, 'waiting'),
            isNotNull(miniProgramRolloutItems.auditId),
          ),
        );
      const fresh = waiting.map((w) => w.auditId!).filter((id) => !pushedAt.has(id));
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let i = next++; i < fresh.length; i = next++) {
            pushedAt.set(fresh[i]!, Date.now());
            const decided = await control(p.apiKey)('POST', `/providerA/audits/${encodeURIComponent(fresh[i]!)}`, {
              decision: 'approve',
            });
            if (decided.status !== 200) say(`approve ${fresh[i]} answered ${decided.status}`);
          }
        }),
      );
      if (fresh.length === 0) await pause(50);
    }
  };

  const rolloutState = async (id: string) =>
    (await db.select().from(miniProgramRollouts).where(eq(miniProgramRollouts.id, id)))[0]!;
  async function startRollout(p: Platform, userVersion: string, concurrency: number) {
    const created = await p.api.createRollout('providerA', {
      templateId: p.templateId,
      userVersion,
      userDesc: 'bench',
      extJson: extJsonFor('{{appId}}'),
      itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
      targets: { all: true },
      policy: { mode: 'submit_audit', release: 'auto', concurrency },
    });
    if (created.status !== 200)
      throw new Error(`createRollout answered ${created.status}: ${JSON.stringify(created.body)}`);
    const id = created.body.id as string;
    reviewers.push(review(id, p));
    return { id, startedAt: Date.now() };
  }
  async function finished(id: string, pollMs = 100) {
    for (;;) {
      const row = await rolloutState(id);
      if (row.state !== 'running') return row;
      await pause(pollMs);
    }
  }
  async function smallRollout(userVersion: string) {
    const { id, startedAt } = await startRollout(b, userVersion, 10);
    const row = await finished(id, 50);
    return { seconds: (row.completedAt!.getTime() - startedAt) / 1000, state: row.state, id };
  }
  async function interactive() {
    const latencies: number[] = [];
    for (let i = 0; i < options.interactive; i++) {
      const appId = a.appIds[i % a.appIds.length]!;
      const started = performance.now();
      const answer = await a.api.versions('providerA', appId);
      if (answer.status !== 200) throw new Error(`versions answered ${answer.status}`);
      latencies.push(performance.now() - started);
    }
    return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: Math.max(...latencies) };
  }

  say('alone: interactive calls, then platform B’s small rollout');
  const interactiveAlone = await interactive();
  const smallAlone = await smallRollout('1.0.0');

  const memoryBefore = memorySample({ collect: true });
  const sampler = startMemorySampler(1000);
  say(`platform A: rolling out to ${options.authorizers} authorizers`);
  const large = await startRollout(a, '1.0.0', options.concurrency);
  // B's rollout and the interactive calls start once A's rollout is under way (a tenth of its step calls made).
  while (stepCalls.filter((c) => c.namespace === a.namespace).length < options.authorizers * 0.1) await pause(50);
  say('platform B’s small rollout and the interactive calls while A’s runs');
  const [smallDuring, interactiveDuring] = await Promise.all([smallRollout('2.0.0'), interactive()]);
  const progress = setInterval(() => {
    void db
      .select({ state: miniProgramRolloutItems.state, step: miniProgramRolloutItems.step })
      .from(miniProgramRolloutItems)
      .where(eq(miniProgramRolloutItems.rolloutId, large.id))
      .then((rows) => {
        const by = rows.reduce<Record<string, number>>((acc, r) => {
          const key = `${r.step}/${r.state}`;
          return { ...acc, [key]: (acc[key] ?? 0) + 1 };
        }, {});
        say(`  A: ${JSON.stringify(by)}`);
      });
  }, 10_000);
  const largeRow = await finished(large.id, 500);
  clearInterval(progress);
  const largeSeconds = (largeRow.completedAt!.getTime() - large.startedAt) / 1000;
  approving = false;
  await Promise.all(reviewers);
  const memoryPeak = sampler.stop();
  const memoryAfter = memorySample({ collect: true });

  // Step calls of A a second: over the whole rollout, and between its 10th and 90th percentile call (the steady
  // state, without the ramp and the last approvals' tail).
  const aCalls = stepCalls.filter((c) => c.namespace === a.namespace && c.at >= large.startedAt).map((c) => c.at);
  const lo = aCalls[Math.floor(aCalls.length * 0.1)]!;
  const hi = aCalls[Math.floor(aCalls.length * 0.9)]!;
  const steadyRate = (Math.floor(aCalls.length * 0.9) - Math.floor(aCalls.length * 0.1)) / ((hi - lo) / 1000);
  const overallRate = aCalls.length / largeSeconds;
  const items = await db
    .select({
      state: miniProgramRolloutItems.state,
      auditId: miniProgramRolloutItems.auditId,
      releasedAt: miniProgramRolloutItems.releasedAt,
    })
    .from(miniProgramRolloutItems)
    .where(eq(miniProgramRolloutItems.rolloutId, large.id));
  const releaseLags = items
    .filter((i) => i.releasedAt && i.auditId && pushedAt.has(i.auditId))
    .map((i) => i.releasedAt!.getTime() - pushedAt.get(i.auditId!)!);
  const counts = items.reduce<Record<string, number>>((acc, i) => ({ ...acc, [i.state]: (acc[i.state] ?? 0) + 1 }), {});

  const results = {
    options,
    machine: { node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg() },
    large: { seconds: largeSeconds, state: largeRow.state, counts, stepCalls: aCalls.length },
    rate: { limit: options.rate, steady: steadyRate, overall: overallRate, share: steadyRate / options.rate },
    releaseLagMs: {
      n: releaseLags.length,
      p50: percentile(releaseLags, 50),
      p99: percentile(releaseLags, 99),
      max: Math.max(...releaseLags),
    },
    memory: {
      before: memoryBefore,
      after: memoryAfter,
      peakRssMb: memoryPeak.peakRssMb,
      peakHeapUsedMb: memoryPeak.peakHeapUsedMb,
    },
    fairness: { smallAlone, smallDuring, interactiveAlone, interactiveDuring },
  };
  if (options.json) fs.writeFileSync(options.json, JSON.stringify(results, null, 2));

  const ms = (v: number) => `${fixed(v, 0)} ms`;
  const mb = (before: number, after: number) =>
    `${fixed(before, 1)} → ${fixed(after, 1)} MB (${after - before >= 0 ? '+' : ''}${fixed(after - before, 1)} MB)`;
  const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  process.stdout.write(
    [
      `Node ${process.version}, ${os.cpus().length} cores; PostgreSQL; the service, its job runner and the sandbox in this process; 1-min load average ${fixed(os.loadavg()[0]!, 2)} at end.`,
      '',
      markdownTable(
        ['Rollout', 'Value'],
        [
          ['Authorizers (platform A) / policy.concurrency', `${options.authorizers} / ${options.concurrency}`],
          ['Ended', `${largeRow.state} in ${fixed(largeSeconds, 1)} s: ${JSON.stringify(counts)}`],
          ['Step calls (commit, submit_audit, release)', String(aCalls.length)],
          ['ROLLOUT_RATE_LIMIT_PER_SECOND', String(options.rate)],
          [
            'Step calls/s, steady (10th–90th percentile call)',
            `${fixed(steadyRate, 1)} (${fixed(100 * results.rate.share, 1)} % of the limit; target ≥ ${fixed(100 * options.targetShare, 0)} %: ${met(results.rate.share >= options.targetShare)})`,
          ],
          ['Step calls/s, whole rollout (incl. ramp and last approvals)', fixed(overallRate, 1)],
          [
            'Approval push → release, p50 / p99 / max',
            `${ms(results.releaseLagMs.p50)} / ${ms(results.releaseLagMs.p99)} / ${ms(results.releaseLagMs.max)} over ${releaseLags.length} (p99 ≤ 2 s: ${met(results.releaseLagMs.p99 <= 2000)})`,
          ],
          ['heapUsed before → after (after full GC)', mb(memoryBefore.heapUsedMb, memoryAfter.heapUsedMb)],
          ['rss before → after', mb(memoryBefore.rssMb, memoryAfter.rssMb)],
          [
            'Peak during (1 s samples)',
            `heapUsed ${fixed(memoryPeak.peakHeapUsedMb, 1)} MB, rss ${fixed(memoryPeak.peakRssMb, 1)} MB`,
          ],
        ],
      ),
      '',
      markdownTable(
        ['Fairness', 'Alone', `While A's ${options.authorizers} run`],
        [
          [
            `Platform B's ${options.small}-authorizer rollout, start → completed`,
            `${fixed(smallAlone.seconds, 2)} s`,
            `${fixed(smallDuring.seconds, 2)} s`,
          ],
          [
            `Interactive GET …/versions of A's authorizers (${options.interactive} calls), p50 / p95`,
            `${ms(interactiveAlone.p50)} / ${ms(interactiveAlone.p95)}`,
            `${ms(interactiveDuring.p50)} / ${ms(interactiveDuring.p95)}`,
          ],
        ],
      ),
      '',
    ].join('\n'),
  );
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
}
