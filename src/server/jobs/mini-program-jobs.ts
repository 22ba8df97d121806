import { getEnv } from '@/env';
import { jobSignals } from '@/server/db/job-signals';
import { pollPendingAudits } from '@/server/services/mini-programs/poll-pending-audits';
import { refreshExpiringAuthorizerTokens } from '@/server/services/mini-programs/refresh-expiring-authorizer-tokens';
import { advanceRollouts } from '@/server/services/mini-program-rollouts/advance-rollouts';
import { kickRunningRollouts } from '@/server/services/mini-program-rollouts/kick-running-rollouts';
import {
  kickRollout,
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

/** Claim rounds of one rollout per job (advance-rollouts `rounds`); then the rollout queues again behind the others. */
export const ROLLOUT_ROUNDS_PER_JOB = 4;
/** A job stops claiming after this; its steps in flight end within their upstream timeouts. */
const ROLLOUT_PASS_SECONDS = 30;

/**
 * The sandbox's automatic audit decisions that no read has settled yet (src/sandbox/audit-policy.ts): one sweep a
 * minute instead of a timer per audit.
 */
export const sandboxAuditSweepQueue = defineJob({
  name: 'sandbox-audit-sweep',
  retryLimit: 0,
  schedule: '* * * * *',
  handler: async () => {
    if (getEnv().UPSTREAM_MODE !== 'sandbox') return;
    const { sweepDueAudits } = await import('@/sandbox/control/audit-policy-control');
    await sweepDueAudits();
  },
});

/**
 * The rollout executor: kicked (outbox) when a rollout starts, resumes or an audit it waits on is decided; every
 * minute one job per running rollout (items waiting for the audit quota, leases of a crashed instance). A job runs
 * a bounded slice of its rollout and queues the rest again, so the job slots rotate between rollouts
 * (docs/mini-program-rollouts.md, "Fairness").
 */
export const rolloutAdvanceQueue = defineJob<Partial<RolloutAdvancePayload>>({
  name: ROLLOUT_ADVANCE_QUEUE,
  retryLimit: 2,
  // The queue holds one active job per rollout (stately): a job whose instance was killed keeps that slot until it
  // expires, so expiry is near a pass's length (30 s of claiming, then the steps in flight), not pg-boss's 15 min.
  // An expired pass still running is harmless: its items are claimed and fenced like another instance's.
  expireInSeconds: 90,
  workers: 4,
  policy: 'stately',
  singletonKey: (payload) => (typeof payload.rolloutId === 'string' ? payload.rolloutId : undefined),
  schedule: '* * * * *',
  handler: async ({ rolloutId }, job) => {
    const ctx = { db: job.db, actor: 'rollout' };
    if (!rolloutId) return void (await kickRunningRollouts(ctx));
    const { unfinished } = await advanceRollouts(ctx, {
      rolloutId,
      rounds: ROLLOUT_ROUNDS_PER_JOB,
      seconds: ROLLOUT_PASS_SECONDS,
    });
    for (const id of unfinished) await kickRollout(job.db, id);
    // Relayed now rather than at the relay's next tick: the rollout's next slice follows without a pause.
    if (unfinished.length > 0) jobSignals.outboxWritten();
  },
});
