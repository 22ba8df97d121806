import { syncDueSubMerchants } from '@/server/services/sub-merchants/sync-due-sub-merchants';
import { defineJob } from './registry';

/**
 * Runs every minute (pg-boss cron: once per slot across all instances); each record carries its own
 * next_sync_at (SUB_MERCHANT_SYNC_INTERVAL_SECONDS with jitter), so the tick only picks what is due.
 */
export const subMerchantSyncQueue = defineJob({
  name: 'sub-merchant-sync',
  retryLimit: 0,
  expireInSeconds: 600,
  schedule: '* * * * *',
  handler: async (_payload, job) => {
    // Keep going while whole batches come back, so a backlog drains within the slot.
    for (let round = 0; round < 20; round++) {
      const { synced, failed } = await syncDueSubMerchants({ db: job.db, actor: 'sync' });
      if (synced + failed < 500) break;
    }
  },
});
