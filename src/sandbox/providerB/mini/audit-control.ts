import { randomBytes } from 'node:crypto';
import { claimAutoDecision } from '@/sandbox/audit-policy';
import { AppError, notFound } from '@/server/errors';
import type { SandboxStore } from '@/sandbox/store';
import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { MINI_MESSAGE_METHODS } from '@/protocols/providerB/mini/methods';
import { miniAuditId, parseMiniAuditId, type UpstreamVersionStatus } from '@/protocols/providerB/mini/version-status';
import { readProtocolInput } from '../../protocol-input';
import type { GatewayMethodContext } from '../gateway/registry';
import type { ProviderBSandboxKeys } from '../keys';
import { getVersion, saveVersion, type SandboxMiniVersion } from './mini-store';
import { newNotifyId, signedPush, type SandboxPushMessage } from './push-message';
import { goOnline } from './version-lifecycle';

export type MiniAuditDecision = 'approve' | 'reject' | 'delay';
export const DEFAULT_REJECT_REASON = '小程序页面内容与所选类目不符，请修改后重新提交';

export interface MiniAuditSummary {
  auditId: string;
  authAppId: string;
  appVersion: string;
  status: UpstreamVersionStatus;
  rejectReason?: string;
  delayed: boolean;
}

const summary = (v: SandboxMiniVersion): MiniAuditSummary => ({
  auditId: miniAuditId(v.auth_app_id, v.app_version),
  authAppId: v.auth_app_id,
  appVersion: v.app_version,
  status: v.status,
  rejectReason: v.status === 'AUDIT_REJECT' ? v.reject_reason : undefined,
  delayed: Boolean(v.audit_delayed),
});

async function auditedVersion(store: SandboxStore, auditId: string): Promise<SandboxMiniVersion> {
  const { authAppId, appVersion } = readProtocolInput(() => parseMiniAuditId(auditId));
  const version = await getVersion(store, authAppId, appVersion);
  if (!version) throw notFound('Mini-program version');
  return version;
}

/**
 * Control API (`POST /sandbox/control/providerB/audits/{auditId}`): Alipay's reviewer decides the version
 * under audit. auditId = `<authAppId>:<appVersion>` (miniAuditId). approve → WAIT_RELEASE (or straight
 * RELEASE when submitted with auto_online); reject → AUDIT_REJECT with the reason; delay → stays
 * AUDITING (Alipay has no "delayed" message; the version is only flagged). Then buildMiniAuditMessage.
 */
export async function decideMiniAudit(
  store: SandboxStore,
  input: { auditId: string; decision: MiniAuditDecision; reason?: string },
  options: { now?: () => Date } = {},
): Promise<MiniAuditSummary> {
  if (!['approve', 'reject', 'delay'].includes(input.decision))
    throw new AppError('invalid_request', 'decision must be approve, reject or delay.');
  const version = await auditedVersion(store, input.auditId);
  if (version.status !== 'AUDITING')
    throw new AppError('conflict', `The version is ${version.status}, not under audit.`);
  const now = options.now?.() ?? new Date();
  if (input.decision === 'delay') {
    const next = { ...version, audit_delayed: true };
    await saveVersion(store, next);
    return summary(next);
  }
  const decided: SandboxMiniVersion = { ...version, gmt_audit_end: formatGatewayTimestamp(now), audit_delayed: false };
  if (input.decision === 'reject') {
    const next: SandboxMiniVersion = {
      ...decided,
      status: 'AUDIT_REJECT',
      reject_reason: input.reason?.trim() || DEFAULT_REJECT_REASON,
      base_audit: 'REJECT',
      promote_audit: 'REJECT',
    };
    await saveVersion(store, next);
    return summary(next);
  }
  const approved: SandboxMiniVersion = {
    ...decided,
    status: 'WAIT_RELEASE',
    base_audit: 'PASS',
    promote_audit: 'PASS',
  };
  await saveVersion(store, approved);
  return summary(approved.auto_online ? await goOnline(store, approved, now) : approved);
}

export interface MiniAuditMessageResult extends SandboxPushMessage {
  msgMethod: string;
}

/**
 * The message-service push for a decided audit (C.10): `alipay.open.mini.version.audit.passed` with
 * exactly `mini_app_id` + `mini_app_version` (the fields confirmed; byte-compatible with TV-7e), or
 * `…audit.rejected` adding `bundle_id`, `audit_reason`, the split-review flags and `base_audit_reason`.
 */
export async function buildMiniAuditMessage(
  store: SandboxStore,
  input: { auditId: string },
  options: { keys: ProviderBSandboxKeys; now?: () => Date; notifyId?: string },
): Promise<MiniAuditMessageResult> {
  const version = await auditedVersion(store, input.auditId);
  const rejected = version.status === 'AUDIT_REJECT';
  if (!rejected && (version.base_audit !== 'PASS' || version.status === 'AUDITING' || version.status === 'INIT')) {
    throw new AppError(
      'conflict',
      `An audit message exists only for a decided audit (this version is ${version.status}).`,
    );
  }
  const now = options.now?.() ?? new Date();
  const biz = rejected
    ? {
        mini_app_id: version.auth_app_id,
        mini_app_version: version.app_version,
        bundle_id: version.bundle_id,
        audit_reason: version.reject_reason,
        base_audit: 'REJECT',
        promote_audit: 'REJECT',
        base_audit_reason: { audit_images: [], memos: [{ memo: version.reject_reason, memo_image_list: [] }] },
      }
    : { mini_app_id: version.auth_app_id, mini_app_version: version.app_version };
  const msgMethod = rejected ? MINI_MESSAGE_METHODS.auditRejected : MINI_MESSAGE_METHODS.auditPassed;
  const push = signedPush(
    {
      notify_id: options.notifyId ?? newNotifyId(now),
      utc_timestamp: String(now.getTime()),
      msg_method: msgMethod,
      app_id: options.keys.appId,
      msg_type: 'sys',
      version: '1.1',
      biz_content: JSON.stringify(biz),
      charset: 'UTF-8',
      sign_type: 'RSA2',
    },
    options.keys,
  );
  return { msgMethod, ...push };
}

/**
 * A version under audit whose automatic decision (the audit policy's) is due gets it now, and the audit message
 * is pushed as for a reviewer's decision. Exactly one reader or sweep settles it. Returns the version as it is then.
 */
export async function settleDueVersion(
  ctx: Pick<GatewayMethodContext, 'store' | 'keys' | 'now' | 'deliverMessage'>,
  version: SandboxMiniVersion,
): Promise<SandboxMiniVersion> {
  const auto = version.auto;
  if (!auto || version.status !== 'AUDITING' || ctx.now().getTime() < auto.decideAt) return version;
  const auditId = miniAuditId(version.auth_app_id, version.app_version);
  if (
    await claimAutoDecision(ctx.store, 'providerB', `${auditId}:${version.audit_round}`, randomBytes(8).toString('hex'))
  ) {
    const decided = await decideMiniAudit(
      ctx.store,
      { auditId, decision: auto.decision, ...(auto.reason ? { reason: auto.reason } : {}) },
      { now: ctx.now },
    ).catch((error: unknown) =>
      error instanceof AppError && error.code === 'conflict' ? undefined : Promise.reject(error),
    );
    // A push that fails does not undo the decision: the service's polling finds it, as with a lost real push.
    if (decided && ctx.deliverMessage)
      await ctx
        .deliverMessage(await buildMiniAuditMessage(ctx.store, { auditId }, { keys: ctx.keys, now: ctx.now }))
        .catch(() => undefined);
  }
  return (await getVersion(ctx.store, version.auth_app_id, version.app_version)) ?? version;
}
