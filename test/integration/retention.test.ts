/**
 * Retention: rows seeded with moved timestamps (nothing waits), one pass deletes exactly the old ones in every
 * table it owns and keeps the recent ones and the record history; HISTORY_RETENTION_DAYS caps history; a second
 * pass deletes nothing; /metrics counts the deleted rows and reports the oldest row kept; the events API's window
 * follows EVENT_RETENTION_DAYS; bad settings stop start with one line naming them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@/cli/commands';
import { parseArgs } from '@/cli/parse-args';
import { ConfigError, parseEnv, resetEnvForTests } from '@/env';
import { getFieldCipher } from '@/server/config/field-cipher';
import { sandboxNamespace } from '@/server/config/sandbox-namespace';
import {
  accountMailTokens,
  deliveryAttempts,
  eventDeliveries,
  events,
  onboardingLinks,
  outbox,
  platformInvitations,
  sandboxObjects,
  sellerSessions,
  signInThrottles,
  subMerchantHistory,
  subMerchants,
} from '@/server/db/schema';
import { jobDefinitions } from '@/server/jobs/registry';
import '@/server/jobs/retention-job';
import { startJobs, type JobRunner } from '@/server/jobs/start-jobs';
import { rowsOf } from '@/server/db/rows';
import { exposition } from '@/server/metrics/exposition';
import { listEvents, listEventsQuery } from '@/server/services/events/list-events';
import { RETENTION_TABLES, runRetention } from '@/server/services/retention/run-retention';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const uid = () => randomBytes(6).toString('hex');

describe('retention settings', () => {
  it.each(['0', '-1', '1.5', 'thirty', '3651', ''])('EVENT_RETENTION_DAYS=%j stops start with one line', (value) => {
    const problems = (() => {
      try {
        parseEnv({ EVENT_RETENTION_DAYS: value });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    })();
    expect(problems).toEqual(['EVENT_RETENTION_DAYS: must be a whole number of days from 1 to 3650']);
  });

  it.each(['0', '2.5', 'forever', '100000'])('HISTORY_RETENTION_DAYS=%j stops start with one line', (value) => {
    expect(() => parseEnv({ HISTORY_RETENTION_DAYS: value })).toThrow(
      /^Configuration is invalid:\nHISTORY_RETENTION_DAYS: must be a whole number of days from 1 to 3650$/,
    );
  });

  it('defaults to 30 days of events and history kept for ever; accepts whole days', () => {
    const defaults = parseEnv({});
    expect(defaults.EVENT_RETENTION_DAYS).toBe(30);
    expect(defaults.HISTORY_RETENTION_DAYS).toBeUndefined();
    expect(parseEnv({ EVENT_RETENTION_DAYS: '7', HISTORY_RETENTION_DAYS: '3650' })).toMatchObject({
      EVENT_RETENTION_DAYS: 7,
      HISTORY_RETENTION_DAYS: 3650,
    });
  });

  it('registers a daily singleton job', () => {
    expect(jobDefinitions().find((job) => job.name === 'retention')).toMatchObject({
      schedule: '41 3 * * *',
      policy: 'singleton',
    });
  });
});

describeEachDatabase('retention pass', (database) => {
  const db = () => database().db;
  let platformId: string;
  const ids = {
    oldEvent: `evt_old_${uid()}`,
    oldPendingEvent: `evt_oldpending_${uid()}`,
    recentEvent: `evt_recent_${uid()}`,
    orphanNamespace: '',
    liveNamespace: '',
    record: `sm_ret_${uid()}`,
  };

  const present = async () => ({
    events: (await db().select({ id: events.id }).from(events)).map((r) => r.id).sort(),
    deliveries: (await db().select({ id: eventDeliveries.id }).from(eventDeliveries)).map((r) => r.id).sort(),
    attempts: (await db().select({ id: deliveryAttempts.id }).from(deliveryAttempts)).map((r) => r.id).sort(),
    outbox: (await db().select({ id: outbox.id }).from(outbox)).map((r) => r.id).sort(),
    invitations: (await db().select({ id: platformInvitations.id }).from(platformInvitations)).map((r) => r.id).sort(),
    mailTokens: (await db().select({ id: accountMailTokens.id }).from(accountMailTokens)).map((r) => r.id).sort(),
    throttles: (await db().select({ key: signInThrottles.key }).from(signInThrottles)).map((r) => r.key).sort(),
    sandbox: (await db().select({ kind: sandboxObjects.kind, id: sandboxObjects.id }).from(sandboxObjects))
      .map((r) => `${r.kind}|${r.id}`)
      .sort(),
    history: (await db().select({ id: subMerchantHistory.id }).from(subMerchantHistory))
      .filter((r) => r.id.startsWith('h_ret_'))
      .map((r) => r.id)
      .sort(),
    links: (await db().select({ id: onboardingLinks.id }).from(onboardingLinks)).map((r) => r.id).sort(),
    sessions: (await db().select({ link: sellerSessions.linkId }).from(sellerSessions)).map((r) => r.link).sort(),
  });

  const scrape = async () => {
    const { body } = await exposition();
    const value = (line: RegExp) =>
      Number(
        body
          .split('\n')
          .find((l) => line.test(l))
          ?.split(' ')[1] ?? NaN,
      );
    return {
      deleted: (table: string) => value(new RegExp(`^retention_rows_deleted_total\\{table="${table}"\\} `)),
      oldest: (table: string) => value(new RegExp(`^retention_oldest_row_age_seconds\\{table="${table}"\\} `)),
    };
  };

  beforeAll(async () => {
    platformId = (await createPlatformWithKey(db())).platformId;
    const event = (id: string, createdAt: Date) => ({
      id,
      platformId,
      type: 'sub_merchant.updated',
      data: { object: { id: ids.record } },
      createdAt,
    });
    await db()
      .insert(events)
      .values([
        event(ids.oldEvent, ago(40 * DAY)),
        event(ids.oldPendingEvent, ago(35 * DAY)),
        event(ids.recentEvent, ago(5 * DAY)),
      ]);
    const delivery = (id: string, eventId: string, status: 'succeeded' | 'failed' | 'pending', createdAt: Date) => ({
      id,
      eventId,
      platformId,
      url: 'https://receiver.example/hook',
      status,
      createdAt,
    });
    await db()
      .insert(eventDeliveries)
      .values([
        delivery('dl_old_1', ids.oldEvent, 'succeeded', ago(40 * DAY)),
        delivery('dl_old_2', ids.oldEvent, 'failed', ago(40 * DAY)),
        delivery('dl_oldpending', ids.oldPendingEvent, 'pending', ago(35 * DAY)),
        delivery('dl_recent', ids.recentEvent, 'succeeded', ago(5 * DAY)),
      ]);
    const attempt = (id: string, deliveryId: string, n: number) => ({
      id,
      deliveryId,
      attempt: n,
      startedAt: ago(40 * DAY),
      durationMs: 12,
      statusCode: 500,
    });
    await db()
      .insert(deliveryAttempts)
      .values([
        attempt('at_old_1', 'dl_old_1', 1),
        attempt('at_old_2', 'dl_old_1', 2),
        attempt('at_old_3', 'dl_old_2', 1),
        attempt('at_oldpending', 'dl_oldpending', 1),
        attempt('at_recent', 'dl_recent', 1),
      ]);
    await db()
      .insert(outbox)
      .values([
        { id: 'ob_relayed_old', queue: 'x', payload: {}, createdAt: ago(3 * DAY), relayedAt: ago(2 * DAY) },
        { id: 'ob_relayed_recent', queue: 'x', payload: {}, createdAt: ago(DAY / 24), relayedAt: ago(DAY / 24) },
        { id: 'ob_unrelayed_old', queue: 'x', payload: {}, createdAt: ago(10 * DAY), relayedAt: null },
      ]);
    const invitation = (id: string, expiresAt: Date, acceptedAt: Date | null = null) => ({
      id,
      platformId,
      email: `${id}@example.com`,
      role: 'operator' as const,
      tokenHash: hash(id),
      createdAt: new Date(expiresAt.getTime() - 7 * DAY),
      expiresAt,
      acceptedAt,
    });
    await db()
      .insert(platformInvitations)
      .values([
        invitation('inv_expired_long', ago(8 * DAY)),
        invitation('inv_expired_lately', ago(DAY)),
        invitation('inv_accepted_old', ago(100 * DAY), ago(101 * DAY)),
        invitation('inv_pending', new Date(Date.now() + 6 * DAY)),
      ]);
    await db()
      .insert(accountMailTokens)
      .values([
        {
          id: 'mt_expired',
          purpose: 'password_reset',
          tokenHash: hash('mt1'),
          email: 'a@example.com',
          expiresAt: ago(1000),
        },
        {
          id: 'mt_valid',
          purpose: 'password_reset',
          tokenHash: hash('mt2'),
          email: 'b@example.com',
          expiresAt: new Date(Date.now() + 3_600_000),
        },
      ]);
    await db()
      .insert(signInThrottles)
      .values([
        { key: 'account:stale', failures: 3, lastFailureAt: ago(2 * DAY), lockedUntil: ago(2 * DAY) },
        { key: 'ip:recent', failures: 1, lastFailureAt: ago(3_600_000) },
        // Cannot happen today (locks end within 60 minutes), but a lock still standing is never forgotten.
        { key: 'mail:locked', failures: 9, lastFailureAt: ago(2 * DAY), lockedUntil: new Date(Date.now() + 60_000) },
      ]);
    ids.liveNamespace = sandboxNamespace(platformId);
    ids.orphanNamespace = sandboxNamespace(`plt_removed_${uid()}`);
    const sealed = (value: unknown) => ({ sealed: getFieldCipher().encrypt(JSON.stringify(value)) });
    await db()
      .insert(sandboxObjects)
      .values([
        { kind: `t/${ids.liveNamespace}/applyment`, id: hash('a1'), value: sealed({}) },
        { kind: `t/${ids.orphanNamespace}/applyment`, id: hash('a1'), value: sealed({}) },
        { kind: `t/${ids.orphanNamespace}/media`, id: hash('m1'), value: sealed({}) },
        {
          kind: 'sandbox:namespace-keys',
          id: hash(ids.liveNamespace),
          value: sealed({ namespace: ids.liveNamespace }),
        },
        { kind: 'sandbox:namespace-keys', id: hash(ids.orphanNamespace), value: sealed({}) },
        {
          kind: 'sandbox:namespace-of-app',
          id: hash('providerB:live'),
          value: sealed({ namespace: ids.liveNamespace }),
        },
        {
          kind: 'sandbox:namespace-of-app',
          id: hash('providerB:orphan'),
          value: sealed({ namespace: ids.orphanNamespace }),
        },
        // Shared by every namespace (template libraries): not anyone's to delete.
        { kind: 'providerA:template', id: hash('t1'), value: sealed({}) },
      ]);
    await db().insert(subMerchants).values({ id: ids.record, platformId, provider: 'providerA', status: 'pending' });
    await db()
      .insert(subMerchantHistory)
      .values([
        { id: 'h_ret_old', subMerchantId: ids.record, actor: 'system', action: 'created', createdAt: ago(400 * DAY) },
        { id: 'h_ret_recent', subMerchantId: ids.record, actor: 'system', action: 'updated', createdAt: ago(DAY) },
      ]);
    const link = (id: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      id,
      platformId,
      subMerchantId: ids.record,
      tokenHash: hash(id),
      createdBy: 'test',
      createdAt: new Date(Math.min(expiresAt.getTime(), Date.now()) - DAY),
      expiresAt,
      revokedAt,
    });
    await db()
      .insert(onboardingLinks)
      .values([
        link('obl_expired_long', ago(8 * DAY)),
        link('obl_expired_lately', ago(DAY)),
        link('obl_revoked_long', new Date(Date.now() + 5 * DAY), ago(8 * DAY)),
        link('obl_active', new Date(Date.now() + DAY)),
      ]);
    const session = (linkId: string, expiresAt: Date) => ({
      tokenHash: hash(`session-${linkId}`),
      linkId,
      platformId,
      subMerchantId: ids.record,
      expiresAt,
    });
    await db()
      .insert(sellerSessions)
      .values([
        session('obl_expired_long', ago(8 * DAY)),
        session('obl_expired_lately', ago(DAY / 24)),
        session('obl_active', new Date(Date.now() + 20 * 60_000)),
      ]);
  });

  afterAll(() => {
    delete process.env.EVENT_RETENTION_DAYS;
    resetEnvForTests();
  });

  it('reports the oldest row kept before the pass', async () => {
    const metrics = await scrape();
    expect(metrics.oldest('events')).toBeGreaterThan(39 * 86_400);
    expect(metrics.oldest('outbox')).toBeGreaterThan(2 * 86_400 - 60);
    expect(metrics.oldest('sub_merchant_history')).toBeGreaterThan(399 * 86_400);
    expect(metrics.oldest('onboarding_links')).toBeGreaterThan(8 * 86_400 - 60);
    expect(metrics.oldest('seller_sessions')).toBeGreaterThan(8 * 86_400 - 60);
  });

  it('deletes exactly the old rows in batches and keeps the recent ones and the history', async () => {
    const before = await scrape();
    const deletedBefore = Object.fromEntries(RETENTION_TABLES.map((t) => [t, before.deleted(t) || 0]));
    // A batch of 2 makes every table take several statements.
    const counts = await runRetention({ db: db(), actor: 'test' }, { batchSize: 2 });
    expect(counts).toEqual({
      events: 1,
      event_deliveries: 2,
      delivery_attempts: 3,
      outbox: 1,
      platform_invitations: 1,
      account_mail_tokens: 1,
      sign_in_throttles: 1,
      sandbox_objects: 4,
      sub_merchant_history: 0,
      seller_sessions: 2,
      onboarding_links: 2,
    });
    expect(await present()).toEqual({
      events: [ids.oldPendingEvent, ids.recentEvent].sort(),
      deliveries: ['dl_oldpending', 'dl_recent'],
      attempts: ['at_oldpending', 'at_recent'],
      outbox: ['ob_relayed_recent', 'ob_unrelayed_old'],
      invitations: ['inv_accepted_old', 'inv_expired_lately', 'inv_pending'],
      mailTokens: ['mt_valid'],
      throttles: ['ip:recent', 'mail:locked'],
      sandbox: [
        `t/${ids.liveNamespace}/applyment|${hash('a1')}`,
        `sandbox:namespace-keys|${hash(ids.liveNamespace)}`,
        `sandbox:namespace-of-app|${hash('providerB:live')}`,
        `providerA:template|${hash('t1')}`,
      ].sort(),
      history: ['h_ret_old', 'h_ret_recent'],
      // Expired or revoked a week ago: gone; expired yesterday: still listed (as expired) with the active one.
      links: ['obl_active', 'obl_expired_lately'],
      // Only the session still open is kept.
      sessions: ['obl_active'],
    });
    const after = await scrape();
    for (const table of RETENTION_TABLES)
      expect(after.deleted(table) - deletedBefore[table]!, table).toBe(counts[table]);
    // The pending delivery keeps its 35-day-old event; everything else kept is inside its window.
    expect(after.oldest('events')).toBeGreaterThan(34 * 86_400);
    expect(after.oldest('events')).toBeLessThan(36 * 86_400);
    expect(after.oldest('outbox')).toBeLessThan(3_700);
    expect(after.oldest('onboarding_links')).toBeGreaterThan(DAY / 1000 - 60);
    expect(after.oldest('onboarding_links')).toBeLessThan(DAY / 1000 + 60);
    expect(after.oldest('seller_sessions')).toBe(0);
    // The space of the deleted rows is reusable at once (the embedded database has no autovacuum).
    const vacuumed = rowsOf<{ relname: string }>(
      await db().execute(
        sql`select relname from pg_stat_user_tables where last_vacuum is not null and relname in ('events', 'outbox', 'sandbox_objects')`,
      ),
    ).map((row) => row.relname);
    expect(vacuumed.sort()).toEqual(['events', 'outbox', 'sandbox_objects']);
  });

  it('a second pass deletes nothing', async () => {
    const counts = await runRetention({ db: db(), actor: 'test' });
    expect(Object.values(counts)).toEqual(RETENTION_TABLES.map(() => 0));
  });

  it('deletes the pending-delivery event once its delivery has ended', async () => {
    await db()
      .update(eventDeliveries)
      .set({ status: 'failed' })
      .where(inArray(eventDeliveries.id, ['dl_oldpending']));
    const counts = await runRetention({ db: db(), actor: 'test' });
    expect(counts).toMatchObject({ events: 1, event_deliveries: 1, delivery_attempts: 1 });
    expect((await present()).events).toEqual([ids.recentEvent]);
  });

  it('caps record history only when HISTORY_RETENTION_DAYS is set (CLI: retention run)', async () => {
    const result = await runCommand(db(), parseArgs(['retention', 'run', '--batch-size', '1']));
    expect(result).toMatchObject({ events: 0, sub_merchant_history: 0 });
    expect((await present()).history).toEqual(['h_ret_old', 'h_ret_recent']);
    await expect(runCommand(db(), parseArgs(['retention', 'run', '--batch-size', '0']))).rejects.toThrow(
      '--batch-size must be a whole number from 1 to 10000.',
    );
    const counts = await runRetention({ db: db(), actor: 'test' }, { historyRetentionDays: 365 });
    expect(counts.sub_merchant_history).toBe(1);
    expect((await present()).history).toEqual(['h_ret_recent']);
  });

  it('the events API reads the window EVENT_RETENTION_DAYS sets', async () => {
    const read = async () =>
      (
        await listEvents(
          { db: db(), platformId, actor: 'test' },
          { area: 'payments', query: listEventsQuery.parse({}) },
        )
      ).data.map((event) => event.id);
    expect(await read()).toEqual([ids.recentEvent]);
    process.env.EVENT_RETENTION_DAYS = '3';
    resetEnvForTests();
    expect(await read()).toEqual([]);
    // The pass uses the same setting: the 5-day-old event goes too.
    expect((await runRetention({ db: db(), actor: 'test' })).events).toBe(1);
  });
});

describeEachDatabase('retention job on pg-boss', (database) => {
  let runner: JobRunner;
  beforeAll(async () => {
    runner = await startJobs(database(), { relayIntervalMs: 200 });
  });
  afterAll(async () => {
    await runner.stop();
  });

  it('is scheduled daily on a singleton queue, and a job of it runs the pass', async () => {
    const db = database().db;
    const queue = rowsOf<{ policy: string }>(
      await db.execute(sql`select policy from pgboss.queue where name = 'retention'`),
    );
    expect(queue).toEqual([{ policy: 'singleton' }]);
    const schedule = rowsOf<{ cron: string }>(
      await db.execute(sql`select cron from pgboss.schedule where name = 'retention'`),
    );
    expect(schedule).toEqual([{ cron: '41 3 * * *' }]);
    const { platformId } = await createPlatformWithKey(db);
    const id = `evt_job_${uid()}`;
    await db
      .insert(events)
      .values({ id, platformId, type: 'sub_merchant.updated', data: {}, createdAt: ago(31 * DAY) });
    const jobId = await runner.boss.send('retention', {});
    const deadline = Date.now() + 20_000;
    let state: string | undefined;
    while (Date.now() < deadline && state !== 'completed' && state !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = (await runner.boss.getJobById('retention', jobId!))?.state;
    }
    expect(state).toBe('completed');
    expect(await db.select({ id: events.id }).from(events).where(eq(events.id, id))).toEqual([]);
  });
});
