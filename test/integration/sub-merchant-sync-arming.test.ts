import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '@/server/db/rows';
import '@/server/jobs/sub-merchant-sync-job';
import { armSubMerchantSync, SUB_MERCHANT_SYNC_QUEUE } from '@/server/jobs/arm-sub-merchant-sync';
import { startJobs } from '@/server/jobs/start-jobs';
import { describeEachDatabase } from '../support/databases';

describeEachDatabase('arming the status sync', (database) => {
  /** Sync runs waiting to start later than a minute from now (the armed ones; the cron's are due at once). */
  const armedLater = async () =>
    rowsOf<{ n: number }>(
      await database().db.execute(sql`
        select count(*)::int as n from pgboss.job
        where name = ${SUB_MERCHANT_SYNC_QUEUE} and state = 'created' and start_after > now() + interval '60 seconds'`),
    )[0]!.n;

  it('a runner started after another stopped in the same process arms its own run', async () => {
    const at = new Date(Date.now() + 120_000);
    const first = await startJobs(database());
    await armSubMerchantSync(at);
    await armSubMerchantSync(at); // the same due second: armed once
    expect(await armedLater()).toBe(1);
    await first.stop();
    // The job table lives on, but a restart must not trust what the stopped runner remembered: it arms again
    // (pg-boss keeps one job per id, so the same second is still one run).
    await database().db.execute(sql`delete from pgboss.job where name = ${SUB_MERCHANT_SYNC_QUEUE}`);
    const second = await startJobs(database());
    try {
      await armSubMerchantSync(at);
      expect(await armedLater()).toBe(1);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
