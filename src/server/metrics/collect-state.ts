/**
 * Gauges of shared state, read from the database when Prometheus scrapes: how far behind the background sync
 * is, how deep and how old each job queue is, and what webhook deliveries are waiting. Every instance answers
 * the same numbers, so alert on max() across instances, not sum().
 */
import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '@/server/db';
import { rowsOf } from '@/server/db/rows';

type Num = number | string | null;

export function registerStateGauges(registry: Registry, database: () => Promise<Db>) {
  const syncLag = new Gauge({
    name: 'sub_merchant_sync_lag_seconds',
    help: 'Longest time since a pending sub-merchant was last checked upstream, by upstream applyment state.',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const syncOverdue = new Gauge({
    name: 'sub_merchant_sync_overdue',
    help: 'Pending sub-merchants whose next upstream check is more than a minute overdue.',
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting (created or retry), by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const queueAge = new Gauge({
    name: 'job_queue_oldest_age_seconds',
    help: 'Age of the oldest job that could run now but has not started, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const pendingDeliveries = new Gauge({
    name: 'webhook_deliveries_pending',
    help: 'Webhook deliveries not yet delivered and not given up.',
    registers: [registry],
  });
  const oldestPending = new Gauge({
    name: 'webhook_oldest_pending_age_seconds',
    help: 'Age of the oldest webhook delivery still pending (0 when none).',
    registers: [registry],
  });

  const oldestKept = new Gauge({
    name: 'retention_oldest_row_age_seconds',
    help: 'Age of the oldest row kept, by table, judged by the time retention counts from (0 when empty).',
    labelNames: ['table'] as const,
    registers: [registry],
  });

  return async function collect() {
    const db = await database();
    const [lag, overdue, queues, deliveries, oldest] = await Promise.all([
      db.execute(sql`
        select coalesce(ch_applyment_state, 'NOT_SUBMITTED') as state,
               extract(epoch from now() - min(coalesce(last_synced_at, created_at))) as lag
        from sub_merchants where status = 'pending' and ch_applyment_id is not null
        group by 1`),
      db.execute(sql`
        select count(*) as n from sub_merchants
        where status = 'pending' and next_sync_at < now() - interval '1 minute'`),
      // pg-boss creates its schema when the job runner first starts; before that there is no queue to report.
      db
        .execute(
          sql`
        select name, count(*) as depth,
               extract(epoch from now() - min(start_after) filter (where start_after <= now())) as age
        from pgboss.job where state in ('created', 'retry') group by name`,
        )
        .catch(() => []),
      db.execute(sql`
        select count(*) as n, extract(epoch from now() - min(created_at)) as age
        from event_deliveries where status = 'pending'`),
      // Each min() reads one end of an index (events_created_idx, outbox_unrelayed_idx,
      // sub_merchant_history_created_idx) or a table retention keeps small. Deliveries and attempts go with their
      // event, so the events figure covers them.
      db.execute(sql`
        select 'events' as t, extract(epoch from now() - min(created_at)) as age from events
        union all select 'outbox', extract(epoch from now() - min(relayed_at)) from outbox where relayed_at is not null
        union all select 'platform_invitations', extract(epoch from now() - min(created_at)) from platform_invitations
        union all select 'account_mail_tokens', extract(epoch from now() - min(created_at)) from account_mail_tokens
        union all select 'sign_in_throttles', extract(epoch from now() - min(last_failure_at)) from sign_in_throttles
        union all select 'sub_merchant_history', extract(epoch from now() - min(created_at)) from sub_merchant_history
        union all select 'seller_sessions', extract(epoch from now() - min(expires_at)) from seller_sessions
        union all select 'onboarding_links', extract(epoch from now() - min(least(expires_at, revoked_at)))
          from onboarding_links`),
    ]);
    syncLag.reset();
    for (const row of rowsOf<{ state: string; lag: Num }>(lag)) syncLag.set({ state: row.state }, Number(row.lag ?? 0));
    syncOverdue.set(Number(rowsOf<{ n: Num }>(overdue)[0]?.n ?? 0));
    queueDepth.reset();
    queueAge.reset();
    for (const row of rowsOf<{ name: string; depth: Num; age: Num }>(queues)) {
      queueDepth.set({ queue: row.name }, Number(row.depth));
      queueAge.set({ queue: row.name }, Number(row.age ?? 0));
    }
    const pending = rowsOf<{ n: Num; age: Num }>(deliveries)[0];
    pendingDeliveries.set(Number(pending?.n ?? 0));
    oldestPending.set(Number(pending?.age ?? 0));
    for (const row of rowsOf<{ t: string; age: Num }>(oldest))
      oldestKept.set({ table: row.t }, Math.max(0, Number(row.age ?? 0)));
  };
}
