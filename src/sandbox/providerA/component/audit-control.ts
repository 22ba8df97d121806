import { randomBytes } from 'node:crypto';
import type { AuditDelayEvent, AuditFailEvent, AuditSuccessEvent } from '@/protocols/providerA/component/push-events';
import { AppError, notFound } from '@/server/errors';
import type { SandboxStore } from '@/sandbox/store';
import { KIND, type Audit, type Authorizer } from './state';

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
