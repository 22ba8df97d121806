#!/usr/bin/env node
/**
 * One instance against two on ONE PostgreSQL database, side by side in one run, on the /v1 read routes of
 * api-throughput.mjs.
 *
 * Fresh database → two `next start` processes (same DATABASE_URL, SESSION_SECRET, DATA_ENCRYPTION_KEY) →
 * platform + key through the CLI → N draft sub-merchants → per target and round: "one" (all connections to
 * instance A) then "two" (the connections split evenly over A and B, two autocannon runs at once, as a
 * round-robin load balancer would spread them) → markdown table with req/s, p50, p99, the two ÷ one ratio,
 * server and PostgreSQL CPU. No proxy process: on a small machine it would take the CPU being measured.
 * Usage: node bench/two-instances.mjs --help
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { parseArgs } from './lib/args.mjs';
import { createBenchDatabase, defaultAdminUrl } from './lib/pg-database.mjs';
import { machineCpu, postgresCpuMs, processCpuMs } from './lib/proc-cpu.mjs';
import { apiHeaders, createPlatformWithCli, createSubMerchants } from './lib/provision.mjs';
import { fixed, markdownTable } from './lib/report.mjs';
import { benchEnv, benchSecrets, freePort, startNextServer } from './lib/server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const defaults = {
  appDir: repoRoot,
  adminUrl: process.env.BENCH_PG_ADMIN_URL ?? defaultAdminUrl,
  records: 200,
  connections: 20,
  duration: 10,
  rounds: 2,
  warmup: 3,
  targets: 'get,list',
  port: 0,
  json: '',
};

const usage = `node bench/two-instances.mjs [options]
  --app-dir <dir>       directory with the production build (NEXT_DIST_DIR or .next) to start (default: the repository)
  --admin-url <url>     PostgreSQL admin URL; a fresh database is created and dropped (default ${defaults.adminUrl})
  --records <n>         draft sub-merchants to create (default ${defaults.records})
  --connections <n>     total autocannon connections, split evenly over the instances in "two" (default ${defaults.connections})
  --duration <s>        seconds per target per setup per round (default ${defaults.duration})
  --rounds <n>          interleaved rounds (default ${defaults.rounds})
  --warmup <s>          seconds of unmeasured load per target on each instance first (default ${defaults.warmup})
  --targets <list>      any of get,list (default ${defaults.targets})
  --port <n>            instance A listens on n, B on n + 1 (default: two free ports)
  --json <file>         also write the raw samples as JSON`;

const say = (text = '') => process.stderr.write(`${text}\n`);
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function autocannonRun(baseUrl, target, connections, duration) {
  let cursor = Math.floor(Math.random() * (target.paths?.length ?? 1));
  const request = { method: 'GET', path: target.path, headers: target.headers };
  if (target.paths) request.setupRequest = (req) => ({ ...req, path: target.paths[cursor++ % target.paths.length] });
  return autocannon({ url: baseUrl, connections, duration, requests: [request] });
}

/**
 * Load on `servers` at once, `connections` split evenly. Throughput is summed; p50 is the request-weighted
 * mean of the per-instance p50s and p99 the larger p99 (autocannon gives percentiles, not histograms to merge).
 */
async function measure(servers, target, connections, duration) {
  const before = { servers: servers.map((s) => processCpuMs(s.pid)), pg: postgresCpuMs(), machine: machineCpu() };
  const share = Math.max(1, Math.round(connections / servers.length));
  const results = await Promise.all(servers.map((s) => autocannonRun(s.baseUrl, target, share, duration)));
  const after = { servers: servers.map((s) => processCpuMs(s.pid)), pg: postgresCpuMs(), machine: machineCpu() };
  const total = results.reduce((a, r) => a + r.requests.total, 0) || 1;
  const serverCpuMs = after.servers.reduce((a, ms, i) => a + ms - before.servers[i], 0);
  const pgCpuMs = Math.max(0, after.pg - before.pg);
  return {
    reqPerSec: results.reduce((a, r) => a + r.requests.average, 0),
    p50: results.reduce((a, r) => a + r.latency.p50 * r.requests.total, 0) / total,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    total,
    failures: results.reduce((a, r) => a + r.non2xx + r.errors + r.timeouts, 0),
    serverCpuMsPerReq: serverCpuMs / total,
    pgCpuMsPerReq: pgCpuMs / total,
    pgCores: pgCpuMs / (duration * 1000),
    machineBusyPct:
      (100 * (after.machine.busyMs - before.machine.busyMs)) / (after.machine.totalMs - before.machine.totalMs || 1),
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2), defaults);
  if (options.help) return void process.stdout.write(`${usage}\n`);
  const appDir = path.resolve(options.appDir);
  const loadStart = os.loadavg();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-two-'));
  const cleanups = [];
  const cleanup = async () => {
    while (cleanups.length)
      await cleanups
        .pop()()
        .catch((error) => say(`cleanup: ${error.message}`));
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  try {
    const database = await createBenchDatabase(options.adminUrl, 'bench_two');
    cleanups.push(database.drop);
    const secrets = benchSecrets();
    const servers = [];
    let env;
    for (const [i, name] of ['A', 'B'].entries()) {
      const port = options.port ? options.port + i : await freePort();
      env = benchEnv({ databaseUrl: database.url, port, dataDir: path.join(runDir, `data-${name}`), secrets });
      const server = await startNextServer({ appDir, port, env, logFile: path.join(runDir, `server-${name}.log`) });
      cleanups.push(() => server.stop());
      servers.push(server);
      say(`instance ${name}: pid ${server.pid} at ${server.baseUrl}`);
    }
    say(
      `database ${database.name}; API_RATE_LIMIT_PER_SECOND=${env.API_RATE_LIMIT_PER_SECOND} (per instance; raised so the limiter is not what is measured)`,
    );
    const { apiKey } = await createPlatformWithCli({ appDir, env });
    const ids = await createSubMerchants({ baseUrl: servers[0].baseUrl, apiKey, count: options.records });
    say(`created ${ids.length} draft sub-merchants`);

    const headers = apiHeaders(apiKey);
    delete headers['content-type'];
    const all = {
      get: {
        name: 'GET /v1/payments/sub-merchants/{id}',
        path: `/v1/payments/sub-merchants/${ids[0]}`,
        paths: ids.map((id) => `/v1/payments/sub-merchants/${id}`),
        headers,
      },
      list: { name: 'GET /v1/payments/sub-merchants?limit=20', path: '/v1/payments/sub-merchants?limit=20', headers },
    };
    const keys = options.targets.split(',').map((t) => t.trim());
    for (const key of keys) if (!all[key]) throw new Error(`Unknown target "${key}".`);
    const setups = { one: [servers[0]], two: servers };

    if (options.warmup > 0)
      for (const key of keys) await measure(servers, all[key], options.connections, options.warmup);
    const samples = Object.fromEntries(keys.flatMap((k) => Object.keys(setups).map((s) => [`${k}/${s}`, []])));
    for (let round = 1; round <= options.rounds; round++) {
      for (const key of keys) {
        for (const [setup, targets] of Object.entries(setups)) {
          const sample = await measure(targets, all[key], options.connections, options.duration);
          samples[`${key}/${setup}`].push(sample);
          say(
            `round ${round} ${key} ${setup}: ${fixed(sample.reqPerSec, 0)} req/s  p50 ${fixed(sample.p50, 1)} ms  p99 ${sample.p99} ms  PG ${fixed(sample.pgCores, 2)} cores  failures ${sample.failures}`,
          );
        }
      }
    }
    const loadEnd = os.loadavg();
    process.stdout.write(
      `${render(
        keys.map((k) => all[k].name),
        keys,
        samples,
        { ...options, loadStart, loadEnd },
      )}\n`,
    );
    if (options.json)
      fs.writeFileSync(
        options.json,
        JSON.stringify({ options: { ...options, appDir }, loadStart, loadEnd, samples }, null, 2),
      );
  } finally {
    await cleanup();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}

function render(names, keys, samples, options) {
  const rows = [];
  keys.forEach((key, i) => {
    const one = samples[`${key}/one`];
    for (const setup of ['one', 'two']) {
      const s = samples[`${key}/${setup}`];
      const rps = mean(s.map((x) => x.reqPerSec));
      rows.push([
        `\`${names[i]}\``,
        setup === 'one' ? 'one instance' : 'two instances',
        `${fixed(rps, 0)} (${fixed(Math.min(...s.map((x) => x.reqPerSec)), 0)}–${fixed(Math.max(...s.map((x) => x.reqPerSec)), 0)})`,
        fixed(median(s.map((x) => x.p50)), 1),
        fixed(median(s.map((x) => x.p99)), 1),
        setup === 'one' ? '1.00×' : `${fixed(rps / mean(one.map((x) => x.reqPerSec)), 2)}×`,
        fixed(mean(s.map((x) => x.serverCpuMsPerReq)), 2),
        fixed(mean(s.map((x) => x.pgCpuMsPerReq)), 2),
        fixed(mean(s.map((x) => x.pgCores)), 2),
        fixed(mean(s.map((x) => x.machineBusyPct)), 0),
        String(s.reduce((a, x) => a + x.failures, 0)),
      ]);
    }
  });
  const load = (l) => l.map((x) => fixed(x, 2)).join(' / ');
  return [
    `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model}); ${options.connections} connections in total (two instances: half each), ${options.duration} s × ${options.rounds} interleaved rounds per target and setup, ${options.records} records. Load average (1/5/15 min) ${load(options.loadStart)} at start, ${load(options.loadEnd)} at end.`,
    '',
    markdownTable(
      [
        'Route',
        'Setup',
        'req/s mean (min–max)',
        'p50 ms',
        'p99 ms',
        'two ÷ one',
        'server CPU ms/req',
        'PG CPU ms/req',
        'PG CPU (cores)',
        'machine busy %',
        'non-2xx + errors',
      ],
      rows,
    ),
  ].join('\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
