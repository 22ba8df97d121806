import { purgeExpiredIdempotencyKeys } from '@/server/services/idempotency/purge-expired-idempotency-keys';
import { defineJob } from './registry';

/** Expired Idempotency-Key answers are deleted hourly by one instance; a read of an expired key ignores it meanwhile. */
export const idempotencyKeysPurgeQueue = defineJob({
  name: 'idempotency-keys-purge',
  retryLimit: 0,
  schedule: '17 * * * *',
  handler: async (_payload, job) =>
    void (await purgeExpiredIdempotencyKeys({ db: job.db, actor: 'idempotency-purge' })),
});
