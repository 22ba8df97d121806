import { refreshPlatformCertificates } from '@/server/services/upstream-connections/refresh-platform-certificates';
import { defineJob } from './registry';

/**
 * WeChat Pay platform certificates are downloaded twice a day by one instance per slot (and on demand when an
 * answer names a serial not yet known); WeChat lists a new certificate well ahead of using it.
 */
export const platformCertificatesQueue = defineJob({
  name: 'provider-a-platform-certificates-refresh',
  retryLimit: 0,
  schedule: '23 */12 * * *',
  runOnStart: true,
  handler: async (_payload, job) => void (await refreshPlatformCertificates({ db: job.db, actor: 'certificates' })),
});
