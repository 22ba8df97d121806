import type { KeyObject } from 'node:crypto';
import { AppError } from '@/server/errors';
import { redactPersonalData } from '../gateway/gateway-errors';
import { MINI_MESSAGE_METHODS } from '@/protocols/providerB/mini/methods';
import { list, text } from './mini-call';
import { objectOf, verifiedPush } from './notification-input';
import { miniAuditId } from '@/protocols/providerB/mini/version-status';

export interface MiniAuditMessage {
  notifyId: string;
  msgMethod: string;
  outcome: 'approved' | 'rejected';
  /** The merchant mini program (`mini_app_id`); `receiverAppId` is the ISV app it was sent to. */
  authAppId: string;
  appVersion: string;
  /** miniAuditId(authAppId, appVersion). */
  auditId: string;
  /** Rejection text (`audit_reason` plus review memos), numbers and e-mails masked. */
  reason?: string;
  bundleId?: string;
  baseAudit?: string;
  promoteAudit?: string;
  receiverAppId: string;
}

/** Review memos of the split-review records (`{audit_images[], memos[{memo}]}`). */
function memosOf(record: unknown): string[] {
  return list(objectOf(record)?.memos)
    .map((m) => text(m.memo))
    .filter((m): m is string => Boolean(m));
}

/**
 * Verifies and reads `alipay.open.mini.version.audit.passed` / `…audit.rejected` (C.10, message-service
 * family). The signature is checked over the raw parameters first; a forged, unsigned or foreign message
 * throws `invalid_request`. Reply `success` (plain text) once stored; messages are at-least-once, so
 * dedupe on notifyId.
 */
export function parseMiniAuditMessage(
  rawBody: string | URLSearchParams,
  alipayPublicKey: KeyObject | string | ((params: Record<string, string>) => boolean),
): MiniAuditMessage {
  const { params, biz } = verifiedPush(rawBody, alipayPublicKey);
  const msgMethod = params.msg_method ?? '';
  const outcome =
    msgMethod === MINI_MESSAGE_METHODS.auditPassed
      ? 'approved'
      : msgMethod === MINI_MESSAGE_METHODS.auditRejected
        ? 'rejected'
        : undefined;
  if (!outcome) throw new AppError('invalid_request', 'providerB notification is not a mini-program audit message.');
  const authAppId = text(biz.mini_app_id);
  const appVersion = text(biz.mini_app_version);
  if (!authAppId || !appVersion)
    throw new AppError('invalid_request', 'providerB audit message has no mini_app_id/mini_app_version.');
  const reasons = [
    text(biz.audit_reason),
    ...memosOf(biz.base_audit_reason),
    ...memosOf(biz.promote_audit_reason),
  ].filter((r): r is string => Boolean(r));
  const reason =
    outcome === 'rejected' && reasons.length ? redactPersonalData([...new Set(reasons)].join('；')) : undefined;
  return {
    notifyId: params.notify_id ?? '',
    msgMethod,
    outcome,
    authAppId,
    appVersion,
    auditId: miniAuditId(authAppId, appVersion),
    reason,
    bundleId: text(biz.bundle_id),
    baseAudit: text(biz.base_audit),
    promoteAudit: text(biz.promote_audit),
    receiverAppId: params.app_id ?? '',
  };
}
