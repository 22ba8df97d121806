/**
 * Months of traffic in minutes: events (each with one delivery and one or two attempts) and relayed outbox rows
 * are written day by day with their timestamps moved into the past, and after each simulated day the real
 * retention pass runs with its clock set to that day's end. Prints the table sizes (rows and bytes) at the end of
 * every simulated month, which must be flat after the first window, then the latency of a /v1 read
 * (`GET /v1/events`, the route handler in process, and `GET /v1/events/{id}`) while no pass runs, while a pass
 * deletes a backlog at its default pace, and while one deletes it flat out, side by side, with the load average.
 *
 * Each pass ends with a plain VACUUM of the tables it deleted from (run-retention.ts), so deleted rows' space is
 * reused and the sizes measure the service as it runs, not a lucky autovacuum.
 *
 * Usage: npx tsx bench/retention.mts [--days 120] [--events-per-day 2000] [--backlog 20000] [--rounds 3]
 *        [--readers 4] [--admin-url postgres://…]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from './lib/args.mjs';
import { startInProcessService } from './lib/in-process-service.mts';
import { defaultAdminUrl } from './lib/pg-database.mjs';
import { fixed, markdownTable } from './lib/report.mjs';

const options = parseArgs(process.argv.slice(2), {
  days: 120,
  eventsPerDay: 2000,
  backlog: 20_000,
  rounds: 3,
  readers: 4,
  adminUrl: process.env.BENCH_PG_ADMIN_URL ?? defaultAdminUrl,
});
if (options.help) {
  process.stdout.write(
    'npx tsx bench/retention.mts [--days 120] [--events-per-day 2000] [--backlog 20000] [--rounds 3] [--readers 4] [--admin-url <postgres admin url>]\n',
  );
  process.exit(0);
}

const DAY = 86_400_000;
const TABLES = ['events', 'event_deliveries', 'delivery_attempts', 'outbox'] as const;
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-retention-'));
const cleanups: (() => Promise<unknown> | void)[] = [() => fs.rmSync(runDir, { recursive: true, force: true })];
const { handle } = await startInProcessService({
  adminUrl: options.adminUrl,
  databasePrefix: 'bench_retention',
  runDir,
  pool: 10,
  env: { EVENT_RETENTION_DAYS: '30', API_RATE_LIMIT_PER_SECOND: '1000000', API_RATE_LIMIT_BURST: '1000000' },
  cleanups,
  say: (line) => process.stdout.write(`${line}\n`),
});
const { sql } = await import('drizzle-orm');
const { rowsOf } = await import('@/server/db/rows');
const { runRetention } = await import('@/server/services/retention/run-retention');
const { createPlatformWithKey } = await import('../test/support/fixtures');
const { apiHeaders, callRoute } = await import('../test/support/call-route');
const eventsRoute = await import('@/app/v1/events/route');
const eventRoute = await import('@/app/v1/events/[id]/route');
const db = handle.db;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** One simulated day's traffic, written set-wise: `count` events from `start` on, spread over a day. */
async function writeDay(platformId: string, tag: string, start: number, count: number, spreadMs = DAY) {
  const at = (expr: string) =>
    sql.raw(`(to_timestamp(${start / 1000}) + (g * ${spreadMs / count}) * interval '1 millisecond')${expr}`);
  await db.execute(sql`
    insert into events (id, platform_id, type, data, created_at)
    select ${`evt_${tag}_`} || g, ${platformId}, 'sub_merchant.updated',
           jsonb_build_object('object', jsonb_build_object('id', 'sm_' || (g % 500), 'status', 'pending')), ${at('')}
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into event_deliveries (id, event_id, platform_id, url, status, attempts, delivered_at, created_at)
    select ${`dl_${tag}_`} || g, ${`evt_${tag}_`} || g, ${platformId}, 'https://receiver.example/hook', 'succeeded',
           1 + (g % 2), ${at('')}, ${at('')}
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into delivery_attempts (id, delivery_id, attempt, started_at, duration_ms, status_code)
    select ${`at_${tag}_`} || g || '_' || n, ${`dl_${tag}_`} || g, n, ${at('')}, 40, case when n = 1 and g % 2 = 1 then 500 else 200 end
    from generate_series(1, ${count}) g, generate_series(1, 1 + (g % 2)) n`);
  await db.execute(sql`
    insert into outbox (id, queue, payload, created_at, relayed_at)
    select ${`ob_${tag}_`} || g, 'deliver-event', jsonb_build_object('deliveryId', ${`dl_${tag}_`} || g), ${at('')}, ${at('')}
    from generate_series(1, ${count}) g`);
}

async function sizes() {
  const rows: Record<string, { rows: number; bytes: number }> = {};
  for (const table of TABLES) {
    const [row] = rowsOf<{ n: string; bytes: string }>(
      await db.execute(
        sql`select (select count(*) from ${sql.identifier(table)}) as n, pg_total_relation_size(${table}) as bytes`,
      ),
    );
    rows[table] = { rows: Number(row!.n), bytes: Number(row!.bytes) };
  }
  return rows;
}

const vacuum = () => db.execute(sql.raw(`vacuum ${TABLES.join(', ')}`));

try {
  const { platformId, apiKey } = await createPlatformWithKey(db);
  const realNow = Date.now();
  const simulationStart = realNow - options.days * DAY;
  const monthly: string[][] = [];
  let deletedTotal = 0;
  let passMs = 0;
  const started = performance.now();
  for (let day = 0; day < options.days; day++) {
    const dayStart = simulationStart + day * DAY;
    await writeDay(platformId, `d${day}`, dayStart, options.eventsPerDay);
    const t0 = performance.now();
    // Flat out (no rest between batches): this part measures sizes, not manners.
    const counts = await runRetention({ db, actor: 'bench' }, { now: new Date(dayStart + DAY), restRatio: 0 });
    passMs += performance.now() - t0;
    deletedTotal += Object.values(counts).reduce((a, b) => a + b, 0);
    if ((day + 1) % 30 === 0 || day === options.days - 1) {
      const now = await sizes();
      monthly.push([
        String(day + 1),
        ...TABLES.flatMap((t) => [String(now[t]!.rows), fixed(now[t]!.bytes / 1024 / 1024, 1)]),
      ]);
      process.stderr.write(`simulated day ${day + 1}\n`);
    }
  }
  const simulationSeconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `## Table sizes at the end of each simulated month (${options.eventsPerDay} events a day, EVENT_RETENTION_DAYS=30)\n\n`,
  );
  process.stdout.write(`${markdownTable(['Day', ...TABLES.flatMap((t) => [`${t} rows`, `${t} MiB`])], monthly)}\n\n`);
  process.stdout.write(
    `${options.days} daily passes: ${deletedTotal} rows deleted, ${fixed(passMs / options.days, 0)} ms a pass on average; simulation ${fixed(simulationSeconds, 0)} s\n\n`,
  );

  // Reads while a pass deletes a backlog, and while none runs, in alternating rounds.
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select id from events order by created_at desc limit 1000`),
  ).map((r) => r.id);
  const read = async (samples: number[]) => {
    const listed = performance.now();
    const list = await callRoute(eventsRoute.GET, '/v1/events?limit=20', { headers: apiHeaders(apiKey) });
    if (list.status !== 200) throw new Error(`GET /v1/events answered ${list.status}`);
    await list.arrayBuffer();
    samples.push(performance.now() - listed);
    const id = ids[Math.floor(Math.random() * ids.length)]!;
    const got = performance.now();
    const one = await callRoute(eventRoute.GET, `/v1/events/${id}`, {
      headers: apiHeaders(apiKey),
      params: { id },
    });
    if (one.status !== 200) throw new Error(`GET /v1/events/{id} answered ${one.status}`);
    await one.arrayBuffer();
    samples.push(performance.now() - got);
  };
  const readUntil = async (done: () => boolean, samples: number[]) => {
    await Promise.all(
      Array.from({ length: options.readers }, async () => {
        while (!done()) await read(samples);
      }),
    );
  };
  type Phase = 'idle' | 'rested' | 'flat';
  const phases: Record<Phase, number[]> = { idle: [], rested: [], flat: [] };
  const loads: Record<Phase, number[]> = { idle: [], rested: [], flat: [] };
  const passSeconds: Record<Phase, number[]> = { idle: [], rested: [], flat: [] };
  const passWhileReading = async (phase: 'rested' | 'flat', round: number) => {
    // A backlog of expired events (40 to 35 days old) for the pass to delete while the readers read.
    await writeDay(platformId, `backlog${phase}${round}`, realNow - 40 * DAY, options.backlog, 5 * DAY);
    await vacuum();
    for (let i = 0; i < 50; i++) await read([]);
    let passDone = false;
    const t0 = performance.now();
    const pass = runRetention({ db, actor: 'bench' }, { restRatio: phase === 'flat' ? 0 : 1 }).finally(
      () => (passDone = true),
    );
    await readUntil(() => passDone, phases[phase]);
    await pass;
    passSeconds[phase].push((performance.now() - t0) / 1000);
    loads[phase].push(os.loadavg()[0]!);
  };
  for (let round = 0; round < options.rounds; round++) {
    await passWhileReading('rested', round);
    await passWhileReading('flat', round);
    const idleUntil = performance.now() + Math.max(median(passSeconds.flat), 2) * 1000;
    await readUntil(() => performance.now() > idleUntil, phases.idle);
    loads.idle.push(os.loadavg()[0]!);
  }
  process.stdout.write(
    `## /v1 reads (GET /v1/events?limit=20 and GET /v1/events/{id}, ${options.readers} readers) with a pass deleting ${options.backlog} expired events (+ deliveries, attempts, outbox) and without\n\n`,
  );
  process.stdout.write(
    `${markdownTable(
      ['Phase', 'reads', 'p50 ms', 'p90 ms', 'p99 ms', 'pass s (median)', 'load avg (1 min)'],
      (
        [
          ['idle', 'no pass running'],
          ['rested', 'pass running (default: rests as long as each batch took)'],
          ['flat', 'pass running flat out (restRatio 0)'],
        ] as const
      ).map(([phase, label]) => [
        label,
        String(phases[phase].length),
        fixed(median(phases[phase]), 2),
        fixed(percentile(phases[phase], 90), 2),
        fixed(percentile(phases[phase], 99), 2),
        phase === 'idle' ? '–' : fixed(median(passSeconds[phase]), 1),
        fixed(median(loads[phase]), 2),
      ]),
    )}\n\n`,
  );
  process.stdout.write(`${options.rounds} rounds; ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'cpu'}\n`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
