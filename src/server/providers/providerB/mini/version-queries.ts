import type { ProviderBGateway } from '../gateway/gateway-client';
import { redactPersonalData } from '../gateway/gateway-errors';
import { MINI_METHODS } from '@/protocols/providerB/mini/methods';
import { bool, callMini, list, text, versionBiz, type VersionRef } from './mini-call';
import { miniVersionStatus, type MiniVersionStatus } from '@/protocols/providerB/mini/version-status';

export interface MiniVersionDetail {
  appVersion: string;
  status: MiniVersionStatus;
  /** The upstream value (C.3), for display and for cases our reading folds together. */
  upstreamStatus: string;
  versionDesc?: string;
  /** Review text when rejected; number runs and e-mails are masked (it can quote contact data). */
  rejectReason?: string;
  canRelease?: boolean;
  grayStrategy?: string;
  baseAudit?: string;
  promoteAudit?: string;
  createdAt?: string;
  auditAppliedAt?: string;
  auditEndedAt?: string;
  onlineAt?: string;
  offlineAt?: string;
}

/** `alipay.open.mini.version.detail.query` (C.6). */
export async function versionDetail(gateway: ProviderBGateway, input: VersionRef): Promise<MiniVersionDetail> {
  const p = await callMini(gateway, MINI_METHODS.versionDetail, versionBiz(input), input.appAuthToken);
  const upstreamStatus = text(p.status) ?? '';
  const canRelease = bool(p.can_release);
  const reason = text(p.reject_reason);
  return {
    appVersion: text(p.app_version) ?? input.appVersion,
    status: miniVersionStatus(upstreamStatus, canRelease),
    upstreamStatus,
    versionDesc: text(p.version_desc),
    rejectReason: reason && redactPersonalData(reason),
    canRelease,
    grayStrategy: text(p.gray_strategy),
    baseAudit: text(p.base_audit),
    promoteAudit: text(p.promote_audit),
    createdAt: text(p.gmt_create),
    auditAppliedAt: text(p.gmt_apply_audit),
    auditEndedAt: text(p.gmt_audit_end),
    onlineAt: text(p.gmt_online),
    offlineAt: text(p.gmt_offline),
  };
}

export interface MiniVersionSummary {
  appVersion: string;
  status: MiniVersionStatus;
  upstreamStatus: string;
  versionDesc?: string;
  createdAt?: string;
  canRelease?: boolean;
}

/**
 * `alipay.open.mini.version.list.query` (C.6), newest first. `upstreamStatuses` filters on the upstream
 * values (comma-joined `version_status`).
 */
export async function listVersions(
  gateway: ProviderBGateway,
  input: { appAuthToken: string; upstreamStatuses?: string[]; bundleId?: string },
): Promise<MiniVersionSummary[]> {
  const biz = { ...versionBiz({ bundleId: input.bundleId }), version_status: input.upstreamStatuses?.join(',') };
  const p = await callMini(gateway, MINI_METHODS.versionList, biz, input.appAuthToken);
  return list(p.app_version_infos).map((v) => {
    const upstreamStatus = text(v.version_status) ?? '';
    const canRelease = bool(v.can_release);
    return {
      appVersion: text(v.app_version) ?? '',
      status: miniVersionStatus(upstreamStatus, canRelease),
      upstreamStatus,
      versionDesc: text(v.version_description),
      createdAt: text(v.create_time),
      canRelease,
    };
  });
}
