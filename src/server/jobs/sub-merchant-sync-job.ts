import { syncDueSubMerchants } from '@/server/services/sub-merchants/sync-due-sub-merchants';
import { armSubMerchantSync, SUB_MERCHANT_SYNC_QUEUE } from './arm-sub-merchant-sync';
import { defineJob } from './registry';

/**
 * Runs when the earliest record falls due (armed to the second with a start-after time, by the previous run and
 * by every submit or state change that brings a record's next check forward), and once a minute from the
 * cron as a backstop. Each record carries its own next_sync_at (next-sync-at.ts); a run claims what is due with
 * SKIP LOCKED, so runs on several instances never take the same record (docs/operations.md, "Status sync").
 */
export const subMerchantSyncQueue = defineJob({
  name: SUB_MERCHANT_SYNC_QUEUE,
  retryLimit: 0,
  expireInSeconds: 600,
  schedule: '* * * * *',
  runOnStart: true,
  handler: async (_payload, job) => {
    let nextDueAt: Date | null = null;
    // Keep going while whole batches come back, so a backlog drains within the run.
    for (let round = 0; round < 20; round++) {
      const result = await syncDueSubMerchants({ db: job.db, actor: 'sync' });
      nextDueAt = result.nextDueAt;
      if (result.synced + result.failed < 500) break;
    }
    if (nextDueAt) await armSubMerchantSync(nextDueAt);
  },
});
