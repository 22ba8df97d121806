/**
 * The console's work queue at 100,000 records of one platform (plus another platform's records around them):
 * each tab's first page, a deep page, sorts by name and state, searches (name, licence number, distributor id),
 * "assigned to me" and the tab counts, on PGlite and on PostgreSQL, with each query's plan (EXPLAIN ANALYZE).
 * The same services the console calls, in process: the numbers are the database's and the row mapping's.
 *
 * Usage: npx tsx bench/work-queue.mts [--records 100000] [--others 20000] [--runs 15] [--driver both|pglite|postgres]
 *        [--plans] [--admin-url postgres://…]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from './lib/args.mjs';
import { createBenchDatabase, defaultAdminUrl } from './lib/pg-database.mjs';
import { fixed, markdownTable } from './lib/report.mjs';

const options = parseArgs(process.argv.slice(2), {
  records: 100_000,
  others: 20_000,
  runs: 15,
  driver: 'both',
  plans: false,
  adminUrl: process.env.BENCH_PG_ADMIN_URL ?? defaultAdminUrl,
});
if (options.help) {
  process.stdout.write(
    'npx tsx bench/work-queue.mts [--records 100000] [--others 20000] [--runs 15] [--driver both|pglite|postgres] [--plans] [--admin-url <url>]\n',
  );
  process.exit(0);
}

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-queue-'));
Object.assign(process.env, {
  NODE_ENV: 'production',
  DATA_DIR: path.join(runDir, 'data'),
  LOG_FILE: path.join(runDir, 'app.log'),
  SESSION_SECRET: randomBytes(36).toString('base64url'),
  DATA_ENCRYPTION_KEY: `k1:${randomBytes(32).toString('base64')}`,
});

const { openDatabase } = await import('@/server/db/open-database');
const { subMerchants } = await import('@/server/db/schema');
const { newId } = await import('@/server/ids');
const { createPlatform } = await import('@/server/services/platforms/create-platform');
const { createOperator } = await import('@/server/services/operators/create-operator');
const { licenceSearchKey } = await import('@/server/services/sub-merchants/licence-search-key');
const { sampleRecord, sampleLicenceNumber: licenceOf } =
  await import('@/server/services/sub-merchants/sample-merchants');
const { listWorkQueue, workQueuePageSelect } = await import('@/server/services/sub-merchants/list-work-queue');
const { countWorkQueue, workQueueCountSelect } = await import('@/server/services/sub-merchants/count-work-queue');
const { assignSubMerchants } = await import('@/server/services/sub-merchants/assign-sub-merchants');
const { workQueuePageQuery } = await import('@/schemas/work-queue-requests');
const { subMerchantQueueCounts } = await import('@/server/db/schema');
const { eq } = await import('drizzle-orm');

const counterSelect = (ctx: { db: Handle['db']; platformId: string }) =>
  ctx.db
    .select({ queue: subMerchantQueueCounts.queue, n: subMerchantQueueCounts.n })
    .from(subMerchantQueueCounts)
    .where(eq(subMerchantQueueCounts.platformId, ctx.platformId));

type Handle = Awaited<ReturnType<typeof openDatabase>>;

async function seed(handle: Handle, platformId: string, count: number, prefix: string) {
  const base = Date.parse('2026-01-01T00:00:00Z');
  for (let chunk = 0; chunk < count; chunk += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - chunk) }, (_, k) => {
      const i = chunk + k;
      const sample = sampleRecord(i);
      return {
        id: newId('sm'),
        platformId,
        provider: sample.provider,
        status: sample.status,
        chApplymentState: sample.state,
        chApplymentId: sample.state ? `${prefix}apply-${i}` : null,
        chSubMchid: sample.state === 'finished' ? `${prefix}1900${i}` : null,
        rejectReasons: sample.rejectReasons,
        distributorExternalUserId: `${prefix}seller-${i}`,
        formData: {
          merchantName: sample.merchantName,
          licenseNumber: sample.licenseNumber,
          merchantShortname: sample.merchantShortname,
        },
        licenceNumberHmac: licenceSearchKey(sample.licenseNumber),
        updatedAt: new Date(base + i * 1000 + (i % 7) * 37_000),
      };
    });
    await handle.db.insert(subMerchants).values(rows as never);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

async function timeIt(runs: number, fn: () => Promise<unknown>) {
  await fn();
  await fn();
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return { median: median(samples), p95: p95(samples) };
}

/** The plan's node lines, without the cost figures: what is scanned how, and the actual time at the top. */
async function explain(handle: Handle, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const { rows } = await handle.executeSql(`explain (analyze, costs off) ${text}`, params);
  return (rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
}

async function run(driver: 'pglite' | 'postgres') {
  const database = driver === 'postgres' ? await createBenchDatabase(options.adminUrl, 'bench_queue') : undefined;
  const handle = await openDatabase(
    database ? { driver: 'postgres', url: database.url, poolSize: 4 } : { driver: 'pglite' },
  );
  try {
    const db = handle.db;
    const platformId = (await createPlatform({ db, actor: 'bench' }, { name: 'Busy platform' })).platform.id;
    const otherId = (await createPlatform({ db, actor: 'bench' }, { name: 'Neighbour' })).platform.id;
    const operatorId = (
      await createOperator(
        { db, actor: 'bench' },
        { email: `bench-${Date.now()}@example.com`, password: 'a-long-password-1', platformId, role: 'operator' },
      )
    ).operatorId;
    const seeding = performance.now();
    await seed(handle, platformId, options.records, '');
    await seed(handle, otherId, options.others, 'n-');
    const seedSeconds = (performance.now() - seeding) / 1000;
    await handle.executeSql('analyze sub_merchants');
    if (driver === 'postgres') await handle.executeSql('vacuum sub_merchants');
    const ctx = { db, platformId, actor: `operator:${operatorId}`, operatorId };
    const firstPage = await listWorkQueue(ctx, { tab: 'all', limit: 100 });
    await assignSubMerchants(ctx, { ids: firstPage.data.slice(0, 40).map((r) => r.id), operatorId });
    // A cursor 50 pages deep (25 per page) into 全部 by last update.
    let deepCursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      deepCursor = (await listWorkQueue(ctx, { tab: 'all', cursor: deepCursor })).nextCursor ?? undefined;
    }
    const cases: { name: string; input: Parameters<typeof listWorkQueue>[1] }[] = [
      { name: '需要处理 first page', input: { tab: 'action' } },
      { name: '等待商户 first page', input: { tab: 'merchant' } },
      { name: '审核中 first page', input: { tab: 'review' } },
      { name: '已开通 first page', input: { tab: 'active' } },
      { name: '全部 first page', input: { tab: 'all' } },
      { name: '全部, page 51', input: { tab: 'all', cursor: deepCursor } },
      { name: '已开通 by name', input: { tab: 'active', sort: 'name' } },
      { name: '全部 by state', input: { tab: 'all', sort: 'state' } },
      { name: 'search name "西湖茶社"', input: { tab: 'all', q: '西湖茶社' } },
      { name: 'search name "火锅"', input: { tab: 'all', q: '火锅' } },
      { name: 'search licence number', input: { tab: 'all', q: licenceOf(77_777 % options.records) } },
      { name: 'search distributor id', input: { tab: 'all', q: `seller-${4_242 % options.records}` } },
      { name: 'assigned to me', input: { tab: 'all', assignedToMe: true } },
    ];
    const results: string[][] = [];
    const plans: string[] = [];
    for (const c of cases) {
      const page = await listWorkQueue(ctx, c.input);
      const t = await timeIt(options.runs, () => listWorkQueue(ctx, c.input));
      results.push([c.name, fixed(t.median, 2), fixed(t.p95, 2), String(page.data.length)]);
      if (options.plans) {
        plans.push(
          `-- ${c.name}\n${await explain(handle, workQueuePageSelect(ctx, workQueuePageQuery.parse(c.input)))}`,
        );
      }
    }
    for (const [name, input] of [
      ['counts (all tabs)', {}],
      ['counts of a search "西湖"', { q: '西湖' }],
    ] as const) {
      const counts = await countWorkQueue(ctx, input);
      const t = await timeIt(options.runs, () => countWorkQueue(ctx, input));
      results.push([name, fixed(t.median, 2), fixed(t.p95, 2), JSON.stringify(counts).replace(/"/g, '')]);
      // Without a search the service reads the trigger-kept counters; with one it counts the matches.
      const counted = Object.keys(input).length === 0 ? counterSelect(ctx) : workQueueCountSelect(ctx, input);
      if (options.plans) plans.push(`-- ${name}\n${await explain(handle, counted)}`);
    }
    const [{ n } = { n: 0 }] = (
      await handle.executeSql(`select count(*)::int as n from sub_merchants where platform_id = $1`, [platformId])
    ).rows as { n: number }[];
    return { driver, seedSeconds, rows: n, results, plans };
  } finally {
    await handle.close();
    await database?.drop();
  }
}

try {
  const drivers =
    options.driver === 'both' ? (['pglite', 'postgres'] as const) : [options.driver as 'pglite' | 'postgres'];
  for (const driver of drivers) {
    const r = await run(driver);
    process.stdout.write(
      `\n## ${driver}: ${r.rows} records of one platform (+${options.others} of another), seeded in ${fixed(r.seedSeconds, 0)} s, ${options.runs} runs each\n\n`,
    );
    process.stdout.write(`${markdownTable(['Query', 'median ms', 'p95 ms', 'rows / counts'], r.results)}\n`);
    if (r.plans.length > 0)
      process.stdout.write(`\n### Plans (${driver})\n\n\`\`\`\n${r.plans.join('\n\n')}\n\`\`\`\n`);
  }
} finally {
  fs.rmSync(runDir, { recursive: true, force: true });
}
