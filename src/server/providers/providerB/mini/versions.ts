import { AppError } from '@/server/errors';
import type { ProviderBGateway } from '../gateway/gateway-client';
import { MINI_METHODS } from '@/protocols/providerB/mini/methods';
import { bool, callMini, text, versionBiz, type VersionRef } from './mini-call';
import { gatewayFailureOf, noEarlierRelease } from './mini-errors';
import { listVersions, versionDetail } from './version-queries';
import { RELEASABLE_UPSTREAM_STATUSES } from '@/protocols/providerB/mini/version-status';

export interface UploadVersionInput {
  appAuthToken: string;
  /** The template mini program's app id (C.1). */
  templateId: string;
  /** Default: the template's latest online version. */
  templateVersion?: string;
  /** Our commit's userVersion; x.y.z, greater than the mini program's latest version. */
  appVersion: string;
  /** Our commit's extJson, sent unchanged as `ext` (the ext.json text read by my.getExtConfig()). */
  extJson: string;
  bundleId?: string;
}

export type MiniBuildState = 'queued' | 'building' | 'success' | 'failed' | 'timeout' | 'unknown';

export interface MiniBuildStatus {
  build: MiniBuildState;
  /** True once the version exists (create_status 6 or build_status 2): audit/experience calls may follow. */
  ready: boolean;
  buildStatus?: string;
  createStatus?: string;
  needRotation?: boolean;
}

const BUILD_STATES: Record<string, MiniBuildState> = {
  '0': 'queued',
  '1': 'building',
  '2': 'success',
  '3': 'failed',
  '5': 'timeout',
  '6': 'success',
};

function buildStatusOf(p: Record<string, unknown>): MiniBuildStatus {
  const buildStatus = text(p.build_status);
  const createStatus = text(p.create_status);
  const build = BUILD_STATES[createStatus ?? ''] ?? BUILD_STATES[buildStatus ?? ''] ?? 'unknown';
  return { build, ready: build === 'success', buildStatus, createStatus, needRotation: bool(p.need_rotation) };
}

/** `alipay.open.mini.version.upload` (C.2): our commit. Building may be asynchronous: poll buildStatus until ready. */
export async function uploadVersion(gateway: ProviderBGateway, input: UploadVersionInput): Promise<MiniBuildStatus> {
  const biz = {
    template_id: input.templateId,
    template_version: input.templateVersion,
    ...versionBiz(input),
    ext: input.extJson,
  };
  return buildStatusOf(await callMini(gateway, MINI_METHODS.versionUpload, biz, input.appAuthToken));
}

/** `alipay.open.mini.version.build.query` (C.2). */
export async function buildStatus(gateway: ProviderBGateway, input: VersionRef): Promise<MiniBuildStatus> {
  return buildStatusOf(await callMini(gateway, MINI_METHODS.versionBuildQuery, versionBiz(input), input.appAuthToken));
}

/** `…version.audit.cancel`: withdraw the version under review (AUDITING → INIT). Without appVersion, the one under review. */
export async function cancelAudit(
  gateway: ProviderBGateway,
  input: Omit<VersionRef, 'appVersion'> & { appVersion?: string },
): Promise<void> {
  await callMini(gateway, MINI_METHODS.auditCancel, versionBiz(input), input.appAuthToken);
}

/** `…version.audited.cancel` ("退回开发"): a rejected or approved-but-unreleased version back to INIT, which unblocks a new submission. */
export async function cancelAudited(gateway: ProviderBGateway, input: VersionRef): Promise<void> {
  await callMini(gateway, MINI_METHODS.auditedCancel, versionBiz(input), input.appAuthToken);
}

/**
 * `…version.online` (C.5). No sub_code for "not approved" is documented (Alipay answers version-state
 * mismatches with MINI_APP_PACKAGE_INFO_NOT_EXIST), so on a business failure we read the version: not yet
 * approved → 409 `audit_not_approved`; already online → `replayed: true`, which makes a retried release safe.
 */
export async function online(gateway: ProviderBGateway, input: VersionRef): Promise<{ replayed: boolean }> {
  try {
    await callMini(gateway, MINI_METHODS.online, versionBiz(input), input.appAuthToken);
    return { replayed: false };
  } catch (error) {
    if (gatewayFailureOf(error)?.code !== '40004') throw error;
    const detail = await versionDetail(gateway, input).catch(() => undefined);
    if (detail?.upstreamStatus === 'RELEASE') return { replayed: true };
    if (detail && !RELEASABLE_UPSTREAM_STATUSES.includes(detail.upstreamStatus)) {
      throw new AppError(
        'audit_not_approved',
        `Version ${input.appVersion} is ${detail.upstreamStatus}; only an approved version can be released.`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** `…version.offline`: take the online version down (RELEASE → OFFLINE). */
export async function offline(gateway: ProviderBGateway, input: VersionRef): Promise<void> {
  await callMini(gateway, MINI_METHODS.offline, versionBiz(input), input.appAuthToken);
}

/**
 * `…version.rollback` (C.5): `app_version` is the version online now; the previously released one comes
 * back without review. Without appVersion the online version is looked up first.
 */
export async function rollback(
  gateway: ProviderBGateway,
  input: Omit<VersionRef, 'appVersion'> & { appVersion?: string },
): Promise<{ rolledBackVersion: string }> {
  let appVersion = input.appVersion;
  if (!appVersion) {
    const [current] = await listVersions(gateway, {
      appAuthToken: input.appAuthToken,
      upstreamStatuses: ['RELEASE'],
      bundleId: input.bundleId,
    });
    if (!current) throw noEarlierRelease('no version is released');
    appVersion = current.appVersion;
  }
  await callMini(gateway, MINI_METHODS.rollback, versionBiz({ ...input, appVersion }), input.appAuthToken);
  return { rolledBackVersion: appVersion };
}

/** `…version.delete`: remove a development (or rejected) version. */
export async function deleteVersion(gateway: ProviderBGateway, input: VersionRef): Promise<void> {
  await callMini(gateway, MINI_METHODS.versionDelete, versionBiz(input), input.appAuthToken);
}
