import { RELEASABLE_UPSTREAM_STATUSES } from '@/protocols/providerB/mini/version-status';
import { settleDueVersion } from './audit-control';
import { appVersions, type SandboxMerchantApp, type SandboxMiniVersion } from './mini-store';
import { proxiedMethod, requireVersion } from './proxied';
import { compareAsc } from './version-lifecycle';

const canRelease = (v: SandboxMiniVersion) => String(RELEASABLE_UPSTREAM_STATUSES.includes(v.status));

/** `alipay.open.mini.version.detail.query` (C.6); base information comes from the mini program. */
export const versionDetailMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  // The service's polling reads here: an audit whose automatic decision is due is decided first.
  const v = await settleDueVersion(ctx, await requireVersion(ctx, app, biz));
  return {
    app_version: v.app_version,
    status: v.status,
    version_desc: v.version_desc,
    reject_reason: v.status === 'AUDIT_REJECT' ? v.reject_reason : undefined,
    gmt_create: v.gmt_create,
    gmt_apply_audit: v.gmt_apply_audit,
    gmt_audit_end: v.gmt_audit_end,
    gmt_online: v.gmt_online,
    gmt_offline: v.gmt_offline,
    app_name: app.app_name,
    app_english_name: app.app_english_name,
    app_logo: app.app_logo,
    app_slogan: app.app_slogan,
    app_desc: app.app_desc,
    service_phone: app.service_phone,
    service_email: app.service_email,
    service_region_type: app.region_type,
    memo: v.memo,
    scan_result: 'True',
    base_audit: v.base_audit,
    promote_audit: v.promote_audit,
    can_release: canRelease(v),
  };
});

/** `alipay.open.mini.version.list.query` (C.6): newest first, optionally filtered by comma-joined states. */
export const versionListMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  const filter =
    typeof biz.version_status === 'string' && biz.version_status ? new Set(biz.version_status.split(',')) : undefined;
  const versions = (
    await Promise.all((await appVersions(ctx.store, app.auth_app_id)).map((v) => settleDueVersion(ctx, v)))
  )
    .filter((v) => !filter || filter.has(v.status))
    .sort((a, b) => compareAsc(b.app_version, a.app_version));
  return {
    app_version_infos: versions.map((v) => ({
      app_version: v.app_version,
      bundle_id: v.bundle_id,
      version_status: v.status,
      version_description: v.version_desc,
      create_time: v.gmt_create,
      base_audit: v.base_audit,
      promote_audit: v.promote_audit,
      can_release: canRelease(v),
    })),
    app_versions: versions.map((v) => v.app_version),
  };
});

export function baseinfoOf(app: SandboxMerchantApp): Record<string, unknown> {
  return {
    app_name: app.app_name,
    app_english_name: app.app_english_name,
    app_slogan: app.app_slogan,
    app_logo: app.app_logo,
    app_desc: app.app_desc,
    category_names: app.category_names,
    package_names: app.package_names,
    safe_domains: app.safe_domains,
    service_email: app.service_email,
    service_phone: app.service_phone,
  };
}

/** `alipay.open.mini.baseinfo.query` (C.6): no biz params. */
export const baseinfoMethod = proxiedMethod(async (_request, _ctx, app) => baseinfoOf(app));
