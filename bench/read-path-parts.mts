/**
 * Where a read request's time goes, part by part, without Next.js or HTTP in the way: the same route
 * handlers and services the server runs, called in-process on PostgreSQL, each timed over many iterations
 * (wall µs and CPU µs per call). Read next to api-throughput.mjs: that one says how fast, this one says why.
 *
 * Usage: npx tsx bench/read-path-parts.mts [--iterations 2000] [--records 200] [--admin-url postgres://…]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from './lib/args.mjs';
import { startInProcessService } from './lib/in-process-service.mts';
import { defaultAdminUrl } from './lib/pg-database.mjs';
import { draftFormData } from './lib/provision.mjs';
import { fixed, markdownTable } from './lib/report.mjs';
import type { FormDataPatch } from '@/schemas/form-data';

const options = parseArgs(process.argv.slice(2), {
  iterations: 2000,
  records: 200,
  adminUrl: process.env.BENCH_PG_ADMIN_URL ?? defaultAdminUrl,
});
if (options.help) {
  process.stdout.write(
    'npx tsx bench/read-path-parts.mts [--iterations 2000] [--records 200] [--admin-url <postgres admin url>]\n',
  );
  process.exit(0);
}

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-parts-'));
const cleanups: (() => Promise<unknown> | void)[] = [() => fs.rmSync(runDir, { recursive: true, force: true })];
const { handle } = await startInProcessService({
  adminUrl: options.adminUrl,
  databasePrefix: 'bench_parts',
  runDir,
  pool: 10,
  env: {},
  cleanups,
  say: () => {},
});

try {
  const rows = await measureParts();
  process.stdout.write(`${markdownTable(['Part', 'wall µs/call', 'CPU µs/call', 'calls'], rows)}\n`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

async function measureParts() {
  const { createPlatformWithKey } = await import('../test/support/fixtures');
  const { apiHeaders, callRoute } = await import('../test/support/call-route');
  const health = await import('@/app/api/health/route');
  const itemRoute = await import('@/app/v1/payments/sub-merchants/[id]/route');
  const collectionRoute = await import('@/app/v1/payments/sub-merchants/route');
  const { createSubMerchant } = await import('@/server/services/sub-merchants/create-sub-merchant');
  const { findSubMerchant } = await import('@/server/services/sub-merchants/find-sub-merchant');
  const { toSubMerchantDto } = await import('@/server/services/sub-merchants/sub-merchant-dto');
  const { listSubMerchants } = await import('@/server/services/sub-merchants/list-sub-merchants');
  const { listSubMerchantRevisions } = await import('@/server/services/sub-merchants/list-sub-merchant-revisions');
  const { getSubMerchantRevision } = await import('@/server/services/sub-merchants/get-sub-merchant-revision');
  const { authenticateApiKey } = await import('@/server/services/api-keys/authenticate-api-key');
  const { decryptFields } = await import('@/server/crypto/field-encryption');
  const { getFieldCipher } = await import('@/server/config/field-cipher');
  const { currentlyDue, maskFormData, personalFields } = await import('@/schemas/form-data');
  const { logger, logRequest } = await import('@/server/logger');
  const { and, desc, eq, sql } = await import('drizzle-orm');
  const { apiKeys, subMerchants } = await import('@/server/db/schema');
  const { hashApiKey } = await import('@/server/services/api-keys/api-key-format');

  const db = handle.db;
  const { platformId, apiKey } = await createPlatformWithKey(db);
  const ctx = { db, platformId, actor: 'bench' };
  const ids: string[] = [];
  for (let i = 0; i < options.records; i++) {
    const { record } = await createSubMerchant(ctx, {
      distributorExternalUserId: `bench-seller-${i}`,
      provider: 'providerA',
      formData: draftFormData(i) as FormDataPatch,
    });
    ids.push(record.id);
  }
  const row = await findSubMerchant(ctx, { id: ids[0]! });
  const dto = toSubMerchantDto(row);
  const page = await listSubMerchants(ctx, { limit: 20 });
  const client = (db as unknown as { $client: import('postgres').Sql }).$client;
  const headers = apiHeaders(apiKey);
  let n = 0;
  const nextId = () => ids[n++ % ids.length]!;
  // The same queries as drizzle prepared statements: SQL built once, only parameters and rows per call.
  const authPrepared = db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, sql.placeholder('hash')))
    .prepare('bench_auth');
  const findPrepared = db
    .select()
    .from(subMerchants)
    .where(and(eq(subMerchants.id, sql.placeholder('id')), eq(subMerchants.platformId, sql.placeholder('platformId'))))
    .prepare('bench_find');
  const listPrepared = db
    .select()
    .from(subMerchants)
    .where(eq(subMerchants.platformId, sql.placeholder('platformId')))
    .orderBy(desc(subMerchants.createdAt), desc(subMerchants.id))
    .limit(21)
    .prepare('bench_list');
  const versionPrepared = db
    .select({ version: subMerchants.version, rowVersion: sql<string>`xmin::text` })
    .from(subMerchants)
    .where(and(eq(subMerchants.id, sql.placeholder('id')), eq(subMerchants.platformId, sql.placeholder('platformId'))))
    .prepare('bench_version');
  const narrowPagePrepared = db
    .select({
      id: subMerchants.id,
      version: subMerchants.version,
      rowVersion: sql<string>`xmin::text`,
      createdAt: subMerchants.createdAt,
    })
    .from(subMerchants)
    .where(eq(subMerchants.platformId, sql.placeholder('platformId')))
    .orderBy(desc(subMerchants.createdAt), desc(subMerchants.id))
    .limit(21)
    .prepare('bench_narrow_page');
  const versionSql = 'select version, xmin::text from sub_merchants where id = $1 and platform_id = $2';
  const narrowPageSql =
    'select id, version, xmin::text, created_at from sub_merchants where platform_id = $1 order by created_at desc, id desc limit 21';

  const parts: [string, () => unknown][] = [
    ['GET /api/health handler (in-process)', () => health.GET()],
    [
      'GET /v1/…/sub-merchants/{id} handler (in-process, all of it)',
      async () =>
        (
          await callRoute(itemRoute.GET, `/v1/payments/sub-merchants/${nextId()}`, {
            headers,
            params: { id: ids[n % ids.length]! },
          })
        ).text(),
    ],
    [
      'GET /v1/…/sub-merchants?limit=20 handler (in-process, all of it)',
      async () => (await callRoute(collectionRoute.GET, '/v1/payments/sub-merchants?limit=20', { headers })).text(),
    ],
    ['postgres.js round trip alone (select 1)', () => handle.executeSql('select 1')],
    ['authenticateApiKey (sha256 + 1 SELECT)', () => authenticateApiKey({ db, actor: 'bench' }, { presented: apiKey })],
    ['  same lookup as a drizzle prepared statement', () => authPrepared.execute({ hash: hashApiKey(apiKey) })],
    ['findSubMerchant (1 SELECT)', () => findSubMerchant(ctx, { id: nextId() })],
    ['  same SELECT as a drizzle prepared statement', () => findPrepared.execute({ id: nextId(), platformId })],
    [
      '  same SELECT through postgres.js alone (no drizzle)',
      () => handle.executeSql('select * from sub_merchants where id = $1 and platform_id = $2', [nextId(), platformId]),
    ],
    [
      'version of one record (narrow SELECT, drizzle prepared)',
      () => versionPrepared.execute({ id: nextId(), platformId }),
    ],
    [
      '  same through postgres.js alone, prepared',
      () => client.unsafe(versionSql, [nextId(), platformId], { prepare: true }).values(),
    ],
    ['listSubMerchants (full page SELECT + 20 DTOs: a changed page)', () => listSubMerchants(ctx, { limit: 20 })],
    [
      'listSubMerchantRevisions (narrow page SELECT: every list read)',
      () => listSubMerchantRevisions(ctx, { limit: 20 }),
    ],
    [
      'getSubMerchantRevision (narrow SELECT by id: every record read)',
      () => getSubMerchantRevision(ctx, { id: nextId() }),
    ],
    ['  narrow page SELECT, drizzle prepared', () => narrowPagePrepared.execute({ platformId })],
    [
      '  same through postgres.js alone, prepared',
      () => client.unsafe(narrowPageSql, [platformId], { prepare: true }).values(),
    ],
    ['  its SELECT alone as a drizzle prepared statement', () => listPrepared.execute({ platformId })],
    ['toSubMerchantDto (1 record)', () => toSubMerchantDto(row)],
    ['  decryptFields (8 personal fields)', () => decryptFields(row.formData, personalFields, getFieldCipher())],
    ['  maskFormData', () => maskFormData(dto.formData as never)],
    ['  currentlyDue', () => currentlyDue(dto.formData as never)],
    ['JSON.stringify (1 record)', () => JSON.stringify(dto)],
    ['JSON.stringify (page of 20)', () => JSON.stringify(page)],
    [
      'logger.info line with redaction (sync write to a file)',
      () => logger.info({ method: 'GET', path: '/v1/payments/sub-merchants/x', status: 200, ms: 3 }, 'request'),
    ],
    [
      'logRequest access line (no redaction, same file)',
      () =>
        logRequest({ requestId: 'req_bench', method: 'GET', path: '/v1/payments/sub-merchants/x', status: 200, ms: 3 }),
    ],
  ];
  const table: string[][] = [];
  for (const [name, fn] of parts) {
    for (let i = 0; i < Math.min(200, options.iterations); i++) await fn();
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < options.iterations; i++) await fn();
    const wallUs = ((performance.now() - started) * 1000) / options.iterations;
    const used = process.cpuUsage(cpu);
    table.push([
      name,
      fixed(wallUs, 1),
      fixed((used.user + used.system) / options.iterations, 1),
      String(options.iterations),
    ]);
    process.stderr.write(`${name}: ${fixed(wallUs, 1)} µs\n`);
  }
  return table;
}
