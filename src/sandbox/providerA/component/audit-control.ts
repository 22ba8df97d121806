import { randomBytes } from 'node:crypto';
import type { AuditDelayEvent, AuditFailEvent, AuditSuccessEvent } from '@/protocols/providerA/component/push-events';
import { AppError, notFound } from '@/server/errors';
import { claimAutoDecision } from '@/sandbox/audit-policy';
import type { SandboxStore } from '@/sandbox/store';
import { KIND, randomHex, type Audit, type Authorizer } from './state';

export type AuditDecision = 'approve' | 'reject' | 'delay';

const DEFAULT_REJECT_REASON = "1:The mini program's content does not match its service category (sandbox review).<br>";
const DEFAULT_DELAY_REASON = 'The review needs more time (sandbox review).';
/** Audit pushes come from a system account (D.11). */
const SYSTEM_SENDER = 'o-sandbox-system-0000000000';

/**
 * The sandbox reviewer decides (control API, docs/product/decisions.md §7). Approve/reject settle an audit that is under
 * review or delayed; delay keeps it under review (a later decision still follows, D.11). Returns the push
 * for the message URL, and the authorizer appid for its `$APPID$`.
 */
export async function decideAudit(
  store: SandboxStore,
  input: { auditId: string; decision: AuditDecision; reason?: string; screenshots?: string[] },
  options: { now?: () => Date } = {},
): Promise<{ authorizerAppId: string; event: AuditSuccessEvent | AuditFailEvent | AuditDelayEvent }> {
  const audit = await store.get<Audit>(KIND.audit, input.auditId);
  if (!audit) throw notFound('Audit');
  if (audit.status !== 2 && audit.status !== 4) throw new AppError('conflict', 'This audit is no longer under review.');
  const authorizer = await store.get<Authorizer>(KIND.authorizer, audit.appId);
  if (!authorizer) throw notFound('Authorizer');
  const at = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const base = { toUserName: authorizer.userName, fromUserName: SYSTEM_SENDER, createTime: at };

  if (input.decision === 'approve') {
    await store.put<Audit>(KIND.audit, audit.auditId, {
      ...audit,
      status: 0,
      reason: undefined,
      screenshot: undefined,
    });
    return { authorizerAppId: audit.appId, event: { type: 'weapp_audit_success', ...base, succTime: at } };
  }
  if (input.decision === 'reject') {
    const reason = input.reason ?? DEFAULT_REJECT_REASON;
    const screenshots = input.screenshots ?? [`sandbox_screenshot_${randomBytes(6).toString('hex')}`];
    await store.put<Audit>(KIND.audit, audit.auditId, {
      ...audit,
      status: 1,
      reason,
      screenshot: screenshots.join('|'),
    });
    return {
      authorizerAppId: audit.appId,
      event: { type: 'weapp_audit_fail', ...base, failTime: at, reason, screenshots },
    };
  }
  const reason = input.reason ?? DEFAULT_DELAY_REASON;
  await store.put<Audit>(KIND.audit, audit.auditId, { ...audit, status: 4, reason });
  return { authorizerAppId: audit.appId, event: { type: 'weapp_audit_delay', ...base, delayTime: at, reason } };
}

export type DecidedAudit = Awaited<ReturnType<typeof decideAudit>>;

/**
 * An audit whose automatic decision (the audit policy's) is due gets it now, and the decision is pushed through
 * `push` like a reviewer's. Exactly one reader or sweep settles it; the others see it settled (or, for an
 * instant, still under review). Returns the audit as it is then.
 */
export async function settleDueAudit(
  store: SandboxStore,
  audit: Audit,
  options: { now: () => Date; push?: (decided: DecidedAudit) => Promise<unknown> },
): Promise<Audit> {
  const auto = audit.auto;
  if (!auto || (audit.status !== 2 && audit.status !== 4) || options.now().getTime() < auto.decideAt) return audit;
  if (await claimAutoDecision(store, 'providerA', audit.auditId, randomHex(8))) {
    const decided = await decideAudit(
      store,
      { auditId: audit.auditId, decision: auto.decision, ...(auto.reason ? { reason: auto.reason } : {}) },
      { now: options.now },
    ).catch((error: unknown) =>
      error instanceof AppError && error.code === 'conflict' ? undefined : Promise.reject(error),
    );
    // A push that fails does not undo the decision: the service's polling finds it, as with a lost real push.
    if (decided) await options.push?.(decided).catch(() => undefined);
  }
  return (await store.get<Audit>(KIND.audit, audit.auditId)) ?? audit;
}
