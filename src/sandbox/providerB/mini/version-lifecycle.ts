import type { SandboxStore } from '@/sandbox/store';
import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { compareAppVersions } from '@/protocols/providerB/mini/version-status';
import { businessFailed } from '../gateway/registry';
import { appVersions, saveApp, saveVersion, type SandboxMiniVersion } from './mini-store';
import { appVersionOf, proxiedMethod, requireVersion, versionMissing } from './proxied';

export const compareAsc = (a: string, b: string) => compareAppVersions(a, b);

/** Puts a version online; the version online before goes OFFLINE (C.3; the replaced one stays rollback-able). */
export async function goOnline(
  store: SandboxStore,
  version: SandboxMiniVersion,
  now: Date,
): Promise<SandboxMiniVersion> {
  const versions = await appVersions(store, version.auth_app_id);
  const stamp = formatGatewayTimestamp(now);
  for (const v of versions) {
    if (v.status === 'RELEASE' && v.app_version !== version.app_version)
      await saveVersion(store, { ...v, status: 'OFFLINE', gmt_offline: stamp });
  }
  const order = Math.max(0, ...versions.map((v) => v.online_order ?? 0)) + 1;
  const next: SandboxMiniVersion = {
    ...version,
    status: 'RELEASE',
    gmt_online: stamp,
    gmt_offline: undefined,
    online_order: order,
    rolled_back: false,
  };
  await saveVersion(store, next);
  return next;
}

/** `…version.audit.cancel`: AUDITING → INIT; without app_version, the version under review. */
export const auditCancelMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  let version: SandboxMiniVersion | undefined;
  if (appVersionOf(biz)) version = await requireVersion(ctx, app, biz, ['AUDITING']);
  else version = (await appVersions(ctx.store, app.auth_app_id)).find((v) => v.status === 'AUDITING');
  if (!version) throw versionMissing();
  await saveVersion(ctx.store, { ...version, status: 'INIT', audit_delayed: false });
  return {};
});

/** `…version.audited.cancel` ("退回开发"): AUDIT_REJECT / WAIT_RELEASE / BASE_AUDIT_PASS → INIT. */
export const auditedCancelMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  const version = await requireVersion(ctx, app, biz, ['AUDIT_REJECT', 'WAIT_RELEASE', 'BASE_AUDIT_PASS']);
  await saveVersion(ctx.store, { ...version, status: 'INIT' });
  return {};
});

/** `…version.online`: WAIT_RELEASE / GRAY / BASE_AUDIT_PASS → RELEASE. */
export const onlineMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  const version = await requireVersion(ctx, app, biz, ['WAIT_RELEASE', 'GRAY', 'BASE_AUDIT_PASS']);
  await goOnline(ctx.store, version, ctx.now());
  return {};
});

/** `…version.offline`: RELEASE → OFFLINE. */
export const offlineMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  const version = await requireVersion(ctx, app, biz, ['RELEASE']);
  await saveVersion(ctx.store, { ...version, status: 'OFFLINE', gmt_offline: formatGatewayTimestamp(ctx.now()) });
  return {};
});

/**
 * `…version.rollback`: app_version is the version online now. It goes OFFLINE (marked rolled back, so a
 * second rollback goes further back, not forward) and the most recent earlier release comes back without
 * review. No earlier release → `ROLLBACK_VERSION_NOT_EXIST` (sandbox-chosen; Alipay's code is unconfirmed).
 */
export const rollbackMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  const current = await requireVersion(ctx, app, biz, ['RELEASE']);
  const previous = (await appVersions(ctx.store, app.auth_app_id))
    .filter(
      (v) =>
        v.app_version !== current.app_version &&
        v.status === 'OFFLINE' &&
        v.online_order !== undefined &&
        !v.rolled_back,
    )
    .sort((a, b) => (b.online_order ?? 0) - (a.online_order ?? 0))[0];
  if (!previous) throw businessFailed('ROLLBACK_VERSION_NOT_EXIST', '不存在可回滚的历史版本');
  const stamp = formatGatewayTimestamp(ctx.now());
  await saveVersion(ctx.store, { ...current, status: 'OFFLINE', gmt_offline: stamp, rolled_back: true });
  await saveVersion(ctx.store, { ...previous, status: 'RELEASE', gmt_online: stamp, gmt_offline: undefined });
  return {};
});

/** `…version.delete`: INIT or AUDIT_REJECT versions only. */
export const versionDeleteMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  const version = await requireVersion(ctx, app, biz, ['INIT', 'AUDIT_REJECT']);
  await saveVersion(ctx.store, { ...version, deleted: true });
  if (app.experience?.app_version === version.app_version) await saveApp(ctx.store, { ...app, experience: undefined });
  return {};
});
