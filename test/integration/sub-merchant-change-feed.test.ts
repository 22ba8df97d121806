import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeedApplicationName } from '@/server/db/change-feed';
import { createPlatformWithKey } from '../support/fixtures';
import { describeEachDatabase } from '../support/databases';
import { paymentsApi } from '../support/sub-merchants';
import { useEnv } from '../support/scoped-env';

/**
 * The read caches trust memory only while the database's change feed is live (change-feed.ts, read-cache.ts).
 * These tests break what they rely on: writes from another connection, a TRUNCATE, a dropped LISTEN connection,
 * and another platform asking for a cached record.
 */
describeEachDatabase('sub-merchant reads and the database change feed', (database, driver) => {
  let seller: ReturnType<typeof paymentsApi>;
  let stranger: ReturnType<typeof paymentsApi>;

  beforeAll(async () => {
    seller = paymentsApi((await createPlatformWithKey(database().db)).apiKey);
    stranger = paymentsApi((await createPlatformWithKey(database().db)).apiKey);
  });

  const createRecord = async (distributor: string) =>
    (await seller.create({ distributorExternalUserId: distributor, formData: { merchantShortname: 'Before' } })).body
      .id as string;

  it('never answers another platform from a record the owner has cached', async () => {
    const id = await createRecord('feed-tenant');
    expect((await seller.get(id)).status).toBe(200);
    expect((await seller.get(id)).status).toBe(200);
    expect((await seller.list()).body.data.map((r: { id: string }) => r.id)).toContain(id);

    expect((await stranger.get(id)).status).toBe(404);
    expect((await stranger.list()).body.data).toEqual([]);
  });

  it('shows a write made by another connection (another instance) once the feed has delivered it', async () => {
    const id = await createRecord('feed-other-connection');
    expect((await seller.get(id)).body.chApplymentStateMsg).toBeUndefined();
    await writeFromAnotherConnection(
      sql`update sub_merchants set ch_applyment_state_msg = 'from elsewhere' where id = ${id}`,
    );
    await database().changes.caughtUp();
    expect((await seller.get(id)).body.chApplymentStateMsg).toBe('from elsewhere');
    expect(
      (await seller.list('?distributor_external_user_id=feed-other-connection')).body.data[0].chApplymentStateMsg,
    ).toBe('from elsewhere');
  });

  it('forgets everything after a TRUNCATE', async () => {
    const id = await createRecord('feed-truncate');
    expect((await seller.get(id)).status).toBe(200);
    await database().db.execute(sql`truncate sub_merchants cascade`);
    await database().changes.caughtUp();
    expect((await seller.get(id)).status).toBe(404);
    expect((await seller.list()).body.data).toEqual([]);
  });

  if (driver === 'postgres') {
    it('reads the database while the LISTEN connection is down, and caches again once it is back', async () => {
      const id = await createRecord('feed-outage');
      await seller.get(id);
      expect(database().changes.isLive()).toBe(true);

      await writeFromAnotherConnection(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${changeFeedApplicationName} and datname = current_database()`,
      );
      await waitFor(() => !database().changes.isLive());
      // Notifications sent now reach nobody; the read must come from the database.
      await writeFromAnotherConnection(
        sql`update sub_merchants set ch_applyment_state_msg = 'during the outage' where id = ${id}`,
      );
      expect((await seller.get(id)).body.chApplymentStateMsg).toBe('during the outage');

      await waitFor(() => database().changes.isLive());
      expect((await seller.get(id)).body.chApplymentStateMsg).toBe('during the outage');
      await writeFromAnotherConnection(
        sql`update sub_merchants set ch_applyment_state_msg = 'after the outage' where id = ${id}`,
      );
      await database().changes.caughtUp();
      expect((await seller.get(id)).body.chApplymentStateMsg).toBe('after the outage');
    });
  }

  describe('with API_READ_CACHE=off', () => {
    useEnv({ API_READ_CACHE: 'off' });

    it("shows another connection's write to the very next read, without waiting for the feed", async () => {
      const id = await createRecord('feed-switched-off');
      expect((await seller.get(id)).body.chApplymentStateMsg).toBeUndefined();
      for (let i = 1; i <= 20; i++) {
        await writeFromAnotherConnection(
          sql`update sub_merchants set ch_applyment_state_msg = ${`write ${i}`} where id = ${id}`,
        );
        expect((await seller.get(id)).body.chApplymentStateMsg).toBe(`write ${i}`);
      }
    });
  });

  // Another instance's pool: one connection that stays open, so a write returns as fast as it would there.
  let other: ReturnType<typeof drizzle> | undefined;
  let otherClient: postgres.Sql | undefined;
  afterAll(async () => otherClient?.end());

  /** On PostgreSQL a connection of its own; PGlite has one connection, so the same one behind the services' back. */
  async function writeFromAnotherConnection(statement: ReturnType<typeof sql>) {
    const handle = database();
    if (handle.kind === 'pglite') return void (await handle.db.execute(statement));
    otherClient ??= postgres(handle.connectionString!, { max: 1, onnotice: () => {} });
    other ??= drizzle(otherClient);
    await other.execute(statement);
  }
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
