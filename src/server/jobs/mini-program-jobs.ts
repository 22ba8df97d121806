import { getEnv } from '@/env';
import { pollPendingAudits } from '@/server/services/mini-programs/poll-pending-audits';
import { refreshExpiringAuthorizerTokens } from '@/server/services/mini-programs/refresh-expiring-authorizer-tokens';
import { advanceRollouts } from '@/server/services/mini-program-rollouts/advance-rollouts';
import {
  ROLLOUT_ADVANCE_QUEUE,
  type RolloutAdvancePayload,
} from '@/server/services/mini-program-rollouts/rollout-queue';
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

/**
 * The rollout executor: kicked (outbox) when a rollout starts, resumes or an audit it waits on is decided, and
 * every minute for all running rollouts (items waiting for the audit quota, leases of a crashed instance).
 */
export const rolloutAdvanceQueue = defineJob<Partial<RolloutAdvancePayload>>({
  name: ROLLOUT_ADVANCE_QUEUE,
  retryLimit: 2,
  expireInSeconds: 900,
  concurrency: 4,
  schedule: '* * * * *',
  handler: async (payload, job) =>
    void (await advanceRollouts({ db: job.db, actor: 'rollout' }, { rolloutId: payload.rolloutId })),
});
