/**
 * The background status sync at scale: N records under review (default 10,000) refreshed from the sandbox
 * over real HTTP by the production service `syncDueSubMerchants`, on PostgreSQL. Reports records/s against
 * the per-provider rate limit (target ≥ 90 % of it) and the process's memory before/after (target: flat).
 *
 * Usage: npx tsx bench/status-sync.mts --help
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './lib/args.mjs';
import { memorySample, startMemorySampler } from './lib/memory.mjs';
import { startInProcessService } from './lib/in-process-service.mts';
import { defaultAdminUrl } from './lib/pg-database.mjs';
import { postgresCpuMs, processCpuMs } from './lib/proc-cpu.mjs';
import { fixed, markdownTable } from './lib/report.mjs';
import type { Db } from '@/server/db';

const defaults = {
  records: 10_000,
  rate: 200,
  batch: 500,
  concurrency: 8,
  templates: 10,
  changed: 0,
  pool: 10,
  sandboxProcess: false,
  targetShare: 0.9,
  adminUrl: process.env.BENCH_PG_ADMIN_URL ?? defaultAdminUrl,
  json: '',
  cpuProf: '',
};
const usage = `npx tsx bench/status-sync.mts [options]
  --records <n>        records under review to sync (default ${defaults.records})
  --rate <n>           SYNC_RATE_LIMIT_PER_SECOND, the per-provider limit (default ${defaults.rate})
  --batch <n>          syncDueSubMerchants batch (default ${defaults.batch}, the job's)
  --concurrency <n>    syncDueSubMerchants concurrency (default ${defaults.concurrency}, the job's)
  --templates <n>      applications submitted through the real flow and cloned (default ${defaults.templates})
  --changed <0..1>     share of records whose upstream state moved to FINISHED (default ${defaults.changed})
  --pool <n>           PostgreSQL pool size, like DATABASE_POOL_SIZE (default ${defaults.pool})
  --sandbox-process    serve the sandbox from a child process instead of this one (isolates the sync's own cost)
  --target-share <x>   pass mark: records/s ≥ x × rate (default ${defaults.targetShare})
  --admin-url <url>    PostgreSQL admin URL; a fresh database is created and dropped (default ${defaults.adminUrl})
  --json <file>        also write the results (and memory samples) as JSON
  --cpu-prof <dir>     write a CPU profile of the measured sync (<dir>/sync.cpuprofile) and, with --sandbox-process,
                       of the sandbox process over its whole life (<dir>/sandbox/, one file a thread: the largest
                       is the main thread)`;

const options = parseArgs(process.argv.slice(2), defaults);
if (options.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const say = (line: string) => process.stderr.write(`${line}\n`);

let sandboxPid: number | undefined;
const cleanups: (() => Promise<unknown> | void)[] = [];
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-'));
cleanups.push(() => fs.rmSync(runDir, { recursive: true, force: true }));
try {
  const { handle } = await startInProcessService({
    adminUrl: options.adminUrl,
    databasePrefix: 'bench_sync',
    runDir,
    pool: options.pool,
    env: {
      SYNC_RATE_LIMIT_PER_SECOND: String(options.rate),
    },
    cleanups,
    say,
  });
  const { resetEnvForTests } = await import('@/env');
  const { resetOnboardingProvidersForTests } = await import('@/server/upstreams/onboarding');
  const { serveOverHttp } = await import('../test/support/http-adapter');
  const { sandboxHandler } = await import('../test/support/sandbox-server');
  const { seedUnderReview } = await import('./lib/seed-under-review.mts');
  // The sandbox on its own HTTP port in this process, as useSandboxOverHttp() does for the integration tests.
  const sandbox = options.sandboxProcess ? await startSandboxProcess() : await serveOverHttp(sandboxHandler);
  cleanups.push(sandbox.close);
  process.env.SANDBOX_BASE_URL = `${sandbox.url}/sandbox`;
  resetEnvForTests();
  resetOnboardingProvidersForTests();

  const seeded = await seedUnderReview({
    db: handle.db,
    count: options.records,
    templates: options.templates,
    changedFraction: options.changed,
    log: say,
  });
  const result = await measureSync(handle.db, seeded);
  process.stdout.write(`${render(result)}\n`);
  if (options.json) fs.writeFileSync(options.json, JSON.stringify({ options, machine: machine(), ...result }, null, 2));
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  for (const cleanup of cleanups.reverse())
    await Promise.resolve(cleanup()).catch((error: Error) => say(`cleanup: ${error.message}`));
}

async function startSandboxProcess() {
  const child = spawn(
    process.execPath,
    // The sandbox's console-session guard imports `server-only`, which throws unless resolved as Next.js does.
    [
      ...(options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProf, 'sandbox')}`] : []),
      '--conditions=react-server',
      '--import',
      'tsx',
      fileURLToPath(new URL('./lib/sandbox-process.mts', import.meta.url)),
    ],
    {
      env: process.env,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { url } = JSON.parse(line) as { url: string };
  say(`sandbox in child process ${child.pid} at ${url}`);
  sandboxPid = child.pid;
  return { url, close: async () => void (child.kill('SIGTERM'), await once(child, 'exit')) };
}

type Seeded = Awaited<ReturnType<typeof import('./lib/seed-under-review.mts').seedUnderReview>>;

async function measureSync(db: Db, seeded: Seeded) {
  const { syncDueSubMerchants } = await import('@/server/services/sub-merchants/sync-due-sub-merchants');
  const { countOutcome } = await import('./lib/seed-under-review.mts');
  const before = memorySample({ collect: true });
  const profiler = options.cpuProf ? await startProfiler() : undefined;
  const sampler = startMemorySampler(1000);
  const cpu = process.cpuUsage();
  const pgCpu = postgresCpuMs();
  const sandboxCpu = sandboxPid ? processCpuMs(sandboxPid) : 0;
  const since = new Date();
  const started = performance.now();
  let synced = 0;
  let failed = 0;
  let batches = 0;
  let warm: ReturnType<typeof memorySample> | undefined;
  for (;;) {
    const round = await syncDueSubMerchants(
      { db, actor: 'bench' },
      { batch: options.batch, concurrency: options.concurrency },
    );
    if (round.synced + round.failed === 0) break;
    synced += round.synced;
    failed += round.failed;
    batches++;
    // After the first batch caches, pools and JIT are warm: growth from here on would be a leak.
    if (batches === 1) warm = memorySample({ collect: true });
    const seconds = (performance.now() - started) / 1000;
    say(
      `batch ${batches}: ${synced} synced, ${failed} failed, ${fixed(synced / seconds, 1)} records/s, heap ${fixed(memorySample().heapUsedMb, 0)} MB`,
    );
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  await profiler?.stop(path.join(options.cpuProf, 'sync.cpuprofile'));
  const pgCpuMs = Math.max(0, postgresCpuMs() - pgCpu);
  const sandboxCpuMs = sandboxPid ? processCpuMs(sandboxPid) - sandboxCpu : undefined;
  const { samples, peakRssMb, peakHeapUsedMb } = sampler.stop();
  const after = memorySample({ collect: true });
  const outcome = await countOutcome(db, seeded.platformId, seeded.seededIds, since);
  const processCpuMsPerRecord = (used.user + used.system) / 1000 / Math.max(synced, 1);
  return {
    records: options.records,
    synced,
    failed,
    batches,
    elapsedSeconds,
    recordsPerSecond: synced / elapsedSeconds,
    processCpuMsPerRecord,
    pgCpuMsPerRecord: pgCpuMs / Math.max(synced, 1),
    sandboxCpuMsPerRecord: sandboxCpuMs === undefined ? undefined : sandboxCpuMs / Math.max(synced, 1),
    outcome: { ...outcome, expectedFinished: seeded.expectedChanged, notSynced: outcome.notSynced.length },
    memory: { before, warm: warm ?? before, after, peakRssMb, peakHeapUsedMb, samples },
  };
}

/** The V8 profiler of this process over the measured part only (seeding left out), written where --cpu-prof says. */
async function startProfiler() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      say(`CPU profile of the sync: ${file}`);
    },
  };
}

function machine() {
  return { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadAverage: os.loadavg() };
}

function render(r: Awaited<ReturnType<typeof measureSync>>) {
  const share = r.recordsPerSecond / options.rate;
  const m = machine();
  const heapDelta = r.memory.after.heapUsedMb - r.memory.before.heapUsedMb;
  const rssDelta = r.memory.after.rssMb - r.memory.before.rssMb;
  const rows = [
    ['Records under review', String(r.records)],
    ['Synced / failed / not reached', `${r.synced} / ${r.failed} / ${r.outcome.notSynced}`],
    ['Upstream moved to FINISHED → active (expected)', `${r.outcome.finished} (${r.outcome.expectedFinished})`],
    ['Batch / concurrency / pool', `${options.batch} / ${options.concurrency} / ${options.pool}`],
    ['Elapsed', `${fixed(r.elapsedSeconds, 1)} s in ${r.batches} batches`],
    ['Records/s', fixed(r.recordsPerSecond, 1)],
    ['Rate limit (SYNC_RATE_LIMIT_PER_SECOND)', String(options.rate)],
    [
      'Share of the limit',
      `${fixed(100 * share, 1)} % (target ≥ ${fixed(100 * options.targetShare, 0)} %: ${share >= options.targetShare ? 'MET' : 'NOT MET'})`,
    ],
    [
      `CPU of this process per record (${options.sandboxProcess ? 'sync only' : 'sync + sandbox'})`,
      `${fixed(r.processCpuMsPerRecord, 2)} ms`,
    ],
    ...(r.sandboxCpuMsPerRecord === undefined
      ? []
      : [['CPU of the sandbox process per record', `${fixed(r.sandboxCpuMsPerRecord, 2)} ms`]]),
    ['CPU of PostgreSQL per record', `${fixed(r.pgCpuMsPerRecord, 2)} ms`],
    [
      'heapUsed before → after (after full GC)',
      `${fixed(r.memory.before.heapUsedMb, 1)} → ${fixed(r.memory.after.heapUsedMb, 1)} MB (${heapDelta >= 0 ? '+' : ''}${fixed(heapDelta, 1)} MB)`,
    ],
    [
      `heapUsed after batch 1 → after (growth over the last ${r.synced - Math.min(options.batch, r.synced)} records)`,
      `${fixed(r.memory.warm.heapUsedMb, 1)} → ${fixed(r.memory.after.heapUsedMb, 1)} MB (${fixed(r.memory.after.heapUsedMb - r.memory.warm.heapUsedMb, 1)} MB)`,
    ],
    [
      'rss before → after',
      `${fixed(r.memory.before.rssMb, 1)} → ${fixed(r.memory.after.rssMb, 1)} MB (${rssDelta >= 0 ? '+' : ''}${fixed(rssDelta, 1)} MB)`,
    ],
    [
      'Peak during the run (1 s samples)',
      `heapUsed ${fixed(r.memory.peakHeapUsedMb, 1)} MB, rss ${fixed(r.memory.peakRssMb, 1)} MB`,
    ],
  ];
  return [
    `Node ${m.node}, ${m.cpus} cores (${m.cpuModel}); PostgreSQL; sandbox over HTTP ${options.sandboxProcess ? 'in a child process' : 'in this process'}; 1-min load average ${fixed(m.loadAverage[0]!, 2)} at end.`,
    '',
    markdownTable(['Status sync', 'Value'], rows),
  ].join('\n');
}
