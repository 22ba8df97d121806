/**
 * One retention pass: deletes what the service has promised to keep no longer, oldest first, in batches of
 * `batchSize` rows per statement. Each batch is its own short statement (events: one short transaction of three),
 * so no lock is held for longer than one batch and readers and writers go on meanwhile. Safe to run on several
 * instances at once (every delete names rows that still match, a second pass finds nothing), though the daily
 * job runs it on one (docs/operations.md, "Retention").
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { getEnv } from '@/env';
import { getFieldCipher } from '@/server/config/field-cipher';
import { sandboxNamespace } from '@/server/config/sandbox-namespace';
import type { Db } from '@/server/db';
import { rowsOf } from '@/server/db/rows';
import { metrics } from '@/server/metrics/registry';
import type { ServiceContext } from '../context';

export const RETENTION_TABLES = [
  'events',
  'event_deliveries',
  'delivery_attempts',
  'outbox',
  'platform_invitations',
  'account_mail_tokens',
  'sign_in_throttles',
  'sandbox_objects',
  'sub_merchant_history',
  'seller_sessions',
  'onboarding_links',
] as const;
export type RetentionTable = (typeof RETENTION_TABLES)[number];
export type RetentionCounts = Record<RetentionTable, number>;

export type RetentionOptions = {
  /** Default EVENT_RETENTION_DAYS. */
  eventRetentionDays?: number;
  /** Default HISTORY_RETENTION_DAYS; undefined keeps history for ever. */
  historyRetentionDays?: number;
  batchSize?: number;
  /**
   * After each batch, rest this many times as long as the batch took (default 1: the pass takes at most half the
   * time it could, and leaves the rest to the requests it shares the database and the cores with). 0: no rest.
   */
  restRatio?: number;
  /** The moment the periods are counted back from (the benchmark moves it; the job uses the clock). */
  now?: Date;
};

const DAY = 86_400_000;
/** A moment as a typed parameter: both drivers then compare it as timestamptz. */
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
/** A relayed outbox row is only kept to explain a delivery of the last day; pg-boss holds the job itself. */
const OUTBOX_KEEP_MS = DAY;
/** An expired, unaccepted link still answers "expired" (not "unknown") to its holder for a week, then goes. */
const INVITATION_KEEP_AFTER_EXPIRY_MS = 7 * DAY;
/**
 * A link that stopped opening anything (expired, or revoked) still shows in its record's list for a week, then goes
 * with any session it opened (a session lives at most 24 h, so none is still open by then).
 */
const ONBOARDING_LINK_KEEP_MS = 7 * DAY;
/** sign-in-throttle.ts forgets a count after 24 h without a failure; the longest lock is 60 minutes. */
const THROTTLE_FORGET_MS = DAY;

/** How many rows a `with gone as (delete … returning 1)` statement removed. */
async function countDeleted(db: Db, statement: SQL): Promise<number> {
  const rows = rowsOf<{ n: number | string }>(
    await db.execute(sql`with gone as (${statement} returning 1) select count(*) as n from gone`),
  );
  return Number(rows[0]?.n ?? 0);
}

type Pace = { batchSize: number; restRatio: number };

/** Runs `batch` until it deletes fewer rows than a full batch, resting between batches; returns the total. */
async function untilShort({ batchSize, restRatio }: Pace, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const started = performance.now();
    const n = await batch();
    total += n;
    if (n < batchSize) return total;
    const rest = Math.min(5000, (performance.now() - started) * restRatio);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Events older than the window, with their deliveries and attempts. An event with a delivery still pending is
 * kept until that delivery ends (delivered or given up), so retention never cuts a retry schedule short.
 */
async function deleteOldEvents(db: Db, cutoffMs: number, pace: Pace, counts: RetentionCounts) {
  const { batchSize } = pace;
  await untilShort(pace, async () => {
    const ids = rowsOf<{ id: string }>(
      await db.execute(sql`
        select e.id from events e
        where e.created_at < ${at(cutoffMs)}
          and not exists (select 1 from event_deliveries d where d.event_id = e.id and d.status = 'pending')
        order by e.created_at
        limit ${batchSize}`),
    ).map((row) => row.id);
    if (ids.length === 0) return 0;
    await db.transaction(async (tx) => {
      counts.delivery_attempts += await countDeleted(
        tx,
        sql`delete from delivery_attempts where delivery_id in (select id from event_deliveries where event_id in (${idList(ids)}))`,
      );
      counts.event_deliveries += await countDeleted(
        tx,
        sql`delete from event_deliveries where event_id in (${idList(ids)})`,
      );
      counts.events += await countDeleted(tx, sql`delete from events where id in (${idList(ids)})`);
    });
    return ids.length;
  });
}

/** Deletes, by primary key, batch after batch of the rows `where` selects from `table`. */
const deleteWhere = (db: Db, table: string, key: string, where: SQL, order: string, pace: Pace) =>
  untilShort(pace, () =>
    countDeleted(
      db,
      sql`delete from ${sql.identifier(table)} where ${sql.identifier(key)} in (
        select ${sql.identifier(key)} from ${sql.identifier(table)} where ${where}
        order by ${sql.identifier(order)} limit ${pace.batchSize})`,
    ),
  );

// The emulators' kinds (src/sandbox/namespace.ts, instance-keys.ts): objects of a namespace live under kind
// `t/<namespace>/…`; the namespace's keys under NAMESPACE_KEYS with id sha256(namespace); two indexes map a
// pushed app id to its namespace (sealed `{ namespace }` values).
const NAMESPACE_KEYS = 'sandbox:namespace-keys';
const NAMESPACE_INDEXES = ['sandbox:namespace-of-app', 'sandbox:authorizer-namespace'];
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Sandbox objects whose namespace belongs to no platform: the platform was deleted, or SESSION_SECRET changed
 * and every platform got a new namespace. Live platforms' namespaces are derived, never stored, so the orphans
 * are the namespaces found in the table that no current platform derives.
 */
async function deleteOrphanSandboxObjects(db: Db, pace: Pace): Promise<number> {
  const platformIds = rowsOf<{ id: string }>(await db.execute(sql`select id from platforms`)).map((row) => row.id);
  const live = new Set(platformIds.map((id) => sandboxNamespace(id)));
  const found = rowsOf<{ ns: string }>(
    await db.execute(sql`select distinct split_part(kind, '/', 2) as ns from sandbox_objects where kind like 't/%'`),
  ).map((row) => row.ns);
  let total = 0;
  for (const namespace of found.filter((ns) => !live.has(ns))) {
    const prefix = `t/${namespace}/`;
    total += await untilShort(pace, () =>
      countDeleted(
        db,
        sql`delete from sandbox_objects where (kind, id) in (
          select kind, id from sandbox_objects where left(kind, ${prefix.length}) = ${prefix} limit ${pace.batchSize})`,
      ),
    );
  }
  const liveKeyIds = [...live].map(sha256);
  total += await countDeleted(
    db,
    liveKeyIds.length > 0
      ? sql`delete from sandbox_objects where kind = ${NAMESPACE_KEYS} and id not in (${idList(liveKeyIds)})`
      : sql`delete from sandbox_objects where kind = ${NAMESPACE_KEYS}`,
  );
  // One small row per app a platform authorized in the sandbox: opened one by one to read its namespace.
  const indexRows = rowsOf<{ kind: string; id: string; sealed: string | null }>(
    await db.execute(sql`
      select kind, id, value->>'sealed' as sealed from sandbox_objects
      where kind in (${idList(NAMESPACE_INDEXES)})`),
  );
  const cipher = getFieldCipher();
  const orphanIndexes = indexRows.filter((row) => {
    if (!row.sealed) return false;
    try {
      const { namespace } = JSON.parse(cipher.decrypt(row.sealed)) as { namespace?: string };
      return typeof namespace === 'string' && !live.has(namespace);
    } catch {
      // Sealed under a key no longer in the ring: not ours to judge; data-key rotation reports it.
      return false;
    }
  });
  for (const row of orphanIndexes)
    total += await countDeleted(db, sql`delete from sandbox_objects where kind = ${row.kind} and id = ${row.id}`);
  return total;
}

export async function runRetention(ctx: ServiceContext, options: RetentionOptions = {}): Promise<RetentionCounts> {
  const { db } = ctx;
  const env = getEnv();
  const eventDays = options.eventRetentionDays ?? env.EVENT_RETENTION_DAYS;
  const historyDays = 'historyRetentionDays' in options ? options.historyRetentionDays : env.HISTORY_RETENTION_DAYS;
  const pace: Pace = { batchSize: options.batchSize ?? 1000, restRatio: options.restRatio ?? 1 };
  const now = (options.now ?? new Date()).getTime();
  const counts = Object.fromEntries(RETENTION_TABLES.map((table) => [table, 0])) as RetentionCounts;

  await deleteOldEvents(db, now - eventDays * DAY, pace, counts);
  counts.outbox = await deleteWhere(
    db,
    'outbox',
    'id',
    sql`relayed_at < ${at(now - OUTBOX_KEEP_MS)}`,
    'relayed_at',
    pace,
  );
  counts.platform_invitations = await deleteWhere(
    db,
    'platform_invitations',
    'id',
    sql`accepted_at is null and expires_at < ${at(now - INVITATION_KEEP_AFTER_EXPIRY_MS)}`,
    'expires_at',
    pace,
  );
  counts.account_mail_tokens = await deleteWhere(
    db,
    'account_mail_tokens',
    'id',
    sql`expires_at < ${at(now)}`,
    'expires_at',
    pace,
  );
  counts.sign_in_throttles = await deleteWhere(
    db,
    'sign_in_throttles',
    'key',
    sql`last_failure_at < ${at(now - THROTTLE_FORGET_MS)} and (locked_until is null or locked_until < ${at(now)})`,
    'last_failure_at',
    pace,
  );
  counts.sandbox_objects = await deleteOrphanSandboxObjects(db, pace);
  // A session's expires_at is when it ends (idle or 24 h after it opened, resolve-seller-session.ts).
  counts.seller_sessions = await deleteWhere(
    db,
    'seller_sessions',
    'token_hash',
    sql`expires_at < ${at(now)}`,
    'expires_at',
    pace,
  );
  counts.onboarding_links = await deleteWhere(
    db,
    'onboarding_links',
    'id',
    sql`least(expires_at, revoked_at) < ${at(now - ONBOARDING_LINK_KEEP_MS)}`,
    'expires_at',
    pace,
  );
  if (historyDays !== undefined)
    counts.sub_merchant_history = await deleteWhere(
      db,
      'sub_merchant_history',
      'id',
      sql`created_at < ${at(now - historyDays * DAY)}`,
      'created_at',
      pace,
    );

  // Deleted rows' space becomes reusable only after VACUUM. PostgreSQL's autovacuum would get there (after 20 %
  // dead rows); the embedded database runs no autovacuum at all (PGlite is single-user), so without this its
  // files would grow by every row ever written. A plain VACUUM takes no lock that blocks reads or writes and skips
  // the table pages the visibility map marks clean (each index is read once). It cannot run inside a transaction: `ctx.db`
  // is the database, never a transaction.
  for (const table of RETENTION_TABLES)
    if (counts[table] > 0) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);

  const deleted = metrics().retentionRowsDeleted;
  for (const table of RETENTION_TABLES) deleted.inc({ table }, counts[table]);
  return counts;
}
