// Not a use case: one claimed rollout item taken as far as it goes now (helper of advance-rollouts).
import { and, desc, eq, gte, ne } from 'drizzle-orm';
import {
  miniProgramRolloutItems,
  miniProgramRollouts,
  mpAudits,
  type Provider,
  type RolloutItemState,
  type RolloutStep,
} from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { upstreamStepLeaseMs } from '@/server/upstreams/upstream-lease';
import { isErrcode } from '@/server/providers/providerA/component/wx-errors';
import { ProviderBGatewayError } from '@/server/providers/providerB/gateway/gateway-errors';
import { rolloutRateLimit } from '@/server/upstreams/rate-limits';
import type { PlatformContext, ServiceContext } from '../context';
import { commitCode } from '../mini-programs/commit-code';
import { findAuthorizer } from '../mini-programs/find-authorizer';
import { releaseVersion } from '../mini-programs/release-version';
import { submitAudit } from '../mini-programs/submit-audit';

type Rollout = typeof miniProgramRollouts.$inferSelect;
type Item = typeof miniProgramRolloutItems.$inferSelect;
type Outcome = Partial<Item> & { step: RolloutStep; state: RolloutItemState };

/** How long an item waits when WeChat's audit quota is used up before the submit is tried again. */
export const QUOTA_RETRY_SECONDS = 300;
/** How long an item waits after the upstream did not answer, or throttled it without saying for how long. */
const UNAVAILABLE_RETRY_SECONDS = 30;

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
const transient = (error: unknown) =>
  error instanceof AppError && (error.code === 'upstream_unavailable' || error.code === 'upstream_timeout');
const words = (error: unknown) => (error instanceof AppError ? error.message : 'internal error');
/** The upstream's answer for a quota it counts itself (WeChat 45009 "api freq out of limit", 45011, Alipay's throttling). */
const throttled = (error: unknown): error is AppError => error instanceof AppError && error.code === 'rate_limited';
/**
 * The upstream's audit quota, not its call rate: WeChat 85085 (the month's submissions), Alipay's per-template daily
 * limit (the sandbox's sub code; Alipay publishes none, docs/upstream/providerB.md).
 */
const auditQuotaUsed = (error: AppError) =>
  isErrcode(error, 85085) ||
  (error.cause instanceof ProviderBGatewayError && error.cause.subCode === 'MINI_APP_AUDIT_APPLY_LIMITED');
/** Each upstream call of a step takes a token of its platform's rollout limit first (docs/mini-program-rollouts.md). */
const upstreamTurn = (rollout: Rollout) => rolloutRateLimit(rollout.provider as Provider, rollout.platformId);

// ctx is the rollout's platform (runRolloutItem): its authorizer, or none when it was removed since the rollout began.
const authorizerOf = (ctx: PlatformContext, rollout: Rollout, item: Item) =>
  findAuthorizer(ctx, { appId: item.appId, provider: rollout.provider as Provider }).catch((error: unknown) =>
    error instanceof AppError && error.code === 'not_found' ? undefined : Promise.reject(error),
  );

/**
 * A refused step of an authorizer that is no longer authorized (WeChat's revocation push arrived, or Alipay refused
 * its token and refresh token: with-authorizer-token marks it) is skipped with the upstream's words, not failed.
 */
async function revokedOutcome(ctx: PlatformContext, rollout: Rollout, item: Item, error: unknown) {
  const authorizer = await authorizerOf(ctx, rollout, item);
  if (authorizer?.status === 'authorized') return undefined;
  const reason = authorizer ? `unauthorized: ${words(error)}` : 'the authorizer was removed';
  return { step: item.step, state: 'skipped' as const, reason };
}

async function commitStep(ctx: PlatformContext, rollout: Rollout, item: Item): Promise<Outcome> {
  const provider = rollout.provider as Provider;
  const authorizer = await authorizerOf(ctx, rollout, item);
  if (!authorizer) return { step: 'commit', state: 'skipped', reason: 'the authorizer was removed' };
  if (authorizer.status !== 'authorized')
    return { step: 'commit', state: 'skipped', reason: 'unauthorized: the mini program revoked its authorization' };
  if (rollout.mode === 'submit_audit') {
    const [other] = await ctx.db
      .select({ auditId: mpAudits.auditId })
      .from(mpAudits)
      .where(
        and(
          eq(mpAudits.platformId, rollout.platformId),
          eq(mpAudits.provider, provider),
          eq(mpAudits.appId, item.appId),
          eq(mpAudits.status, 'pending'),
          ne(mpAudits.userVersion, rollout.userVersion),
        ),
      )
      .limit(1);
    if (other) return { step: 'commit', state: 'skipped', reason: `under another audit (${other.auditId})` };
  }
  // Committing is idempotent per version upstream; still, a commit whose answer was lost is looked for first.
  await upstreamTurn(rollout);
  await commitCode(ctx, {
    provider,
    // A second attempt (the first died or timed out, its commit may have arrived): look before committing again.
    // (A minute earlier: the upstream stamps versions in whole seconds, and its clock is not ours.)
    since: item.attempts > 1 ? new Date(rollout.createdAt.getTime() - 60_000) : undefined,
    body: {
      authorizerAppId: item.appId,
      templateId: rollout.templateId,
      ...(rollout.templateVersion ? { templateVersion: rollout.templateVersion } : {}),
      extJson: item.extJson,
      userVersion: rollout.userVersion,
      userDesc: rollout.userDesc,
    },
  });
  return rollout.mode === 'submit_audit'
    ? { step: 'submit_audit', state: 'pending', committedAt: new Date(), reason: null }
    : { step: 'done', state: 'succeeded', committedAt: new Date(), reason: null };
}

async function submitStep(ctx: PlatformContext, rollout: Rollout, item: Item, write: Write): Promise<Outcome | null> {
  const provider = rollout.provider as Provider;
  if (item.submitIntentAt && !item.auditId) {
    // An earlier attempt wrote its intent and stopped: the audit it may have started is looked up, not submitted
    // again. submit-audit records the audit before it returns, so a submit that reached the upstream is here.
    const [audit] = await ctx.db
      .select({ auditId: mpAudits.auditId })
      .from(mpAudits)
      .where(
        and(
          eq(mpAudits.platformId, rollout.platformId),
          eq(mpAudits.provider, provider),
          eq(mpAudits.appId, item.appId),
          eq(mpAudits.userVersion, rollout.userVersion),
          gte(mpAudits.submittedAt, new Date(item.submitIntentAt.getTime() - 60_000)),
        ),
      )
      .orderBy(desc(mpAudits.submittedAt))
      .limit(1);
    if (audit) return { step: 'await_audit', state: 'waiting', auditId: audit.auditId, reason: null };
  }
  const recovering = item.submitIntentAt && !item.auditId ? item.submitIntentAt : undefined;
  // Lost the claim (its lease ran out and another instance holds the item now): that instance submits, not this one.
  if (!(await write({ submitIntentAt: new Date() }))) return null;
  try {
    // A submit whose answer was lost upstream is adopted by submit-audit (WeChat 85009 → the latest audit).
    await upstreamTurn(rollout);
    const { auditId } = await submitAudit(ctx, {
      provider,
      body: { authorizerAppId: item.appId, itemList: rollout.itemList },
      // The earlier attempt's intent: an audit the upstream started since then is adopted, not submitted again.
      since: recovering ? new Date(recovering.getTime() - 60_000) : undefined,
    });
    return { step: 'await_audit', state: 'waiting', auditId, reason: null };
  } catch (error) {
    if (throttled(error) && auditQuotaUsed(error))
      return {
        step: 'submit_audit',
        state: 'waiting',
        submitIntentAt: null,
        reason: `audit quota: ${error.message}`,
        // A monthly (WeChat) or daily (Alipay) quota: the throttle's generic hint (Alipay's gateway says 1 s) would only
        // spend calls on refusals; the platform raising its quota is picked up at the next try.
        notBefore: later(QUOTA_RETRY_SECONDS),
      };
    if (error instanceof AppError && error.code === 'audit_in_progress')
      // The upstream's own words: on Alipay "another version" may also be approved and waiting for its release.
      return { step: 'submit_audit', state: 'skipped', submitIntentAt: null, reason: error.message };
    throw error;
  }
}

async function releaseStep(ctx: PlatformContext, rollout: Rollout, item: Item): Promise<Outcome> {
  const gray = rollout.grayPercentage ?? undefined;
  // release-version claims the audit row first: a release repeated after a crash is answered `replayed`.
  await upstreamTurn(rollout);
  await releaseVersion(ctx, {
    provider: rollout.provider as Provider,
    authorizerAppId: item.appId,
    grayPercentage: gray,
  });
  const reason = gray === undefined ? null : `gray release to ${gray}% of users`;
  return { step: 'done', state: 'succeeded', releasedAt: new Date(), reason };
}

/** Until the upstream's hint (at most the quota wait: a daily quota may be cleared by the platform meanwhile). */
const backOff = (error: AppError) =>
  later(Math.min(error.options.retryAfterSeconds ?? UNAVAILABLE_RETRY_SECONDS, QUOTA_RETRY_SECONDS));

type Write = (patch: Partial<Item>) => Promise<boolean>;

/** Why a cancelled rollout's item ended where it did (cancel-rollout writes the same words for items not claimed). */
export const cancelledReason = (auditId: string | null | undefined) =>
  auditId ? `cancelled; audit ${auditId} was submitted and is not released by this rollout` : 'cancelled';

/**
 * Runs the item's steps until it waits (an audit, the quota), ends, or the rollout stops running. Every write
 * is fenced by the claim's attempt number: an instance whose lease ran out cannot overwrite the next claim.
 */
export async function runRolloutItem(ctx: ServiceContext, { rollout, item }: { rollout: Rollout; item: Item }) {
  const pctx: PlatformContext = { db: ctx.db, platformId: rollout.platformId, actor: `rollout:${rollout.id}` };
  const write: Write = async (patch) => {
    const [row] = await ctx.db
      .update(miniProgramRolloutItems)
      .set({ ...patch, updatedAt: new Date() })
      .where(
        and(
          eq(miniProgramRolloutItems.id, item.id),
          eq(miniProgramRolloutItems.state, 'running'),
          eq(miniProgramRolloutItems.attempts, item.attempts),
        ),
      )
      .returning({ id: miniProgramRolloutItems.id });
    return Boolean(row);
  };
  let current = item;
  for (;;) {
    let outcome: Outcome;
    try {
      if (current.step === 'commit') outcome = await commitStep(pctx, rollout, current);
      else if (current.step === 'submit_audit') {
        const submitted = await submitStep(pctx, rollout, current, write);
        if (!submitted) return;
        outcome = submitted;
      } else if (current.step === 'release') outcome = await releaseStep(pctx, rollout, current);
      else outcome = { step: 'done', state: 'succeeded' };
    } catch (error) {
      if (!(error instanceof AppError)) logger.error({ err: error, itemId: current.id }, 'rollout step failed');
      outcome = transient(error)
        ? { step: current.step, state: 'pending', reason: words(error), notBefore: later(UNAVAILABLE_RETRY_SECONDS) }
        : throttled(error)
          ? // A call quota ran out (45009 daily, 45011 per minute): the item backs off instead of failing.
            { step: current.step, state: 'pending', reason: `rate limited: ${words(error)}`, notBefore: backOff(error) }
          : ((await revokedOutcome(pctx, rollout, current, error)) ?? {
              step: current.step,
              state: 'failed',
              reason: words(error),
            });
    }
    const [state] = await ctx.db
      .select({ state: miniProgramRollouts.state })
      .from(miniProgramRollouts)
      .where(eq(miniProgramRollouts.id, rollout.id));
    // Cancelled while this step ran: the step's result is kept, and the item goes no further.
    if (state?.state === 'cancelled' && (outcome.state === 'pending' || outcome.state === 'waiting'))
      outcome = { ...outcome, state: 'skipped', reason: cancelledReason(outcome.auditId ?? current.auditId) };
    const goOn = outcome.state === 'pending' && !outcome.notBefore && state?.state === 'running';
    const patch = { ...outcome, state: goOn ? ('running' as const) : outcome.state, leaseUntil: null };
    // Going on to the next step in the same claim renews its lease (the claim's length: upstreamStepLeaseMs).
    const renewed = { ...patch, leaseUntil: new Date(Date.now() + upstreamStepLeaseMs()) };
    if (!(await write(goOn ? renewed : patch))) return;
    if (!goOn) return;
    current = { ...current, ...patch };
  }
}
