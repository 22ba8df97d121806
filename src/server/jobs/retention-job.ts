import { logger } from '@/server/logger';
import { runRetention } from '@/server/services/retention/run-retention';
import { defineJob } from './registry';

/**
 * The daily retention pass (run-retention.ts) at 03:41 UTC, a quiet hour away from the hourly purges. The cron
 * slot is sent once across all instances, and the queue's `singleton` policy lets only one pass be active at a
 * time, so a pass still running when a retried or manual one arrives does not run twice. A failed pass is
 * retried twice; whatever it left is picked up by the next day's pass.
 */
export const retentionQueue = defineJob({
  name: 'retention',
  policy: 'singleton',
  retryLimit: 2,
  retryDelaySeconds: 600,
  // A first pass over years of rows may take long: batches keep locks short, the job only needs time.
  expireInSeconds: 4 * 3600,
  schedule: '41 3 * * *',
  handler: async (_payload, job) => {
    const counts = await runRetention({ db: job.db, actor: 'retention' });
    logger.info({ deleted: counts }, 'retention pass done');
  },
});
