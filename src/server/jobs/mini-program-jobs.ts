import { getEnv } from '@/env';
import { pollPendingAudits } from '@/server/services/mini-programs/poll-pending-audits';
import { refreshExpiringAuthorizerTokens } from '@/server/services/mini-programs/refresh-expiring-authorizer-tokens';
import { defineJob } from './registry';

/** Pending audits are polled as a fallback to pushes; each audit carries its own next_poll_at. */
export const auditPollQueue = defineJob({
  name: 'mini-program-audit-poll',
  retryLimit: 0,
  schedule: '* * * * *',
  handler: async (_payload, job) => void (await pollPendingAudits({ db: job.db, actor: 'poll' })),
});

/** Authorizer tokens (2 h on WeChat) are refreshed ahead of expiry by one instance per slot. */
export const authorizerTokenRefreshQueue = defineJob({
  name: 'mini-program-token-refresh',
  retryLimit: 0,
  schedule: '*/5 * * * *',
  handler: async (_payload, job) =>
    void (await refreshExpiringAuthorizerTokens({ db: job.db, actor: 'token-refresh' })),
});

/** The sandbox pushes a component_verify_ticket every ten minutes, as WeChat does. */
export const sandboxTicketQueue = defineJob({
  name: 'sandbox-verify-ticket',
  retryLimit: 0,
  schedule: '*/10 * * * *',
  handler: async () => {
    if (getEnv().UPSTREAM_MODE !== 'sandbox') return;
    const { pushVerifyTicketsToAll } = await import('@/sandbox/control/mini-program-control');
    await pushVerifyTicketsToAll();
  },
});
