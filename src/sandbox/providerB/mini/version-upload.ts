import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { APP_VERSION_PATTERN, compareAppVersions } from '@/protocols/providerB/mini/version-status';
import { DEFAULT_BUNDLE_ID } from '@/protocols/providerB/mini/methods';
import { businessFailed, invalidParameter } from '../gateway/registry';
import { appVersions, saveVersion, type SandboxMiniVersion } from './mini-store';
import { appVersionOf, proxiedMethod, requireVersion } from './proxied';
import { sandboxTemplates } from './templates';
import { compareAsc } from './version-lifecycle';

/** Building is instant in the sandbox (the "配置化" mode), so upload already answers "created". */
const BUILT = { build_status: '2', create_status: '6', need_rotation: 'false', version_created: 'true' };
const MAX_DEVELOPMENT_VERSIONS = 20;

/** `alipay.open.mini.version.upload` (C.2): a new INIT version of the merchant mini program from a template. */
export const versionUploadMethod = proxiedMethod(async ({ biz }, { store, now }, app) => {
  const templateId = typeof biz.template_id === 'string' ? biz.template_id : '';
  if (!templateId) throw businessFailed('TEMPLATE_ID_IS_BLANK', '模板id为空');
  const appVersion = appVersionOf(biz);
  if (!appVersion) throw businessFailed('APP_VERSION_IS_BLANK', '版本号为空');
  if (!APP_VERSION_PATTERN.test(appVersion)) throw invalidParameter('参数有误：app_version 必须满足 x.y.z 且均为数字');
  const template = (await sandboxTemplates(store)).find((t) => t.mini_app_id === templateId);
  if (!template) throw businessFailed('CODE_TEMPLATE_DELETED', '指定的代码模板已经删除');
  const online = template.version_list
    .filter((v) => v.version_status === 'RELEASE')
    .map((v) => v.template_version)
    .sort(compareAsc);
  const templateVersion =
    typeof biz.template_version === 'string' && biz.template_version ? biz.template_version : online.at(-1);
  if (!templateVersion || !online.includes(templateVersion)) throw invalidParameter('参数有误：模板版本不存在或未上架');
  if (typeof biz.ext === 'string' && biz.ext) {
    try {
      JSON.parse(biz.ext);
    } catch {
      throw businessFailed('INVALID_EXT_JSON', '扩展信息格式解析错误');
    }
  }
  const existing = await appVersions(store, app.auth_app_id, { includeDeleted: true });
  if (existing.some((v) => compareAppVersions(v.app_version, appVersion) >= 0))
    throw businessFailed('VERSION_HAS_EXISTED', '请重新输入新的版本号');
  if (existing.filter((v) => !v.deleted && v.status === 'INIT').length >= MAX_DEVELOPMENT_VERSIONS) {
    throw businessFailed('BIZ_ERROR', '关联小程序当前开发中版本超过最大数量');
  }
  const version: SandboxMiniVersion = {
    auth_app_id: app.auth_app_id,
    app_version: appVersion,
    bundle_id: typeof biz.bundle_id === 'string' && biz.bundle_id ? biz.bundle_id : DEFAULT_BUNDLE_ID,
    template_id: templateId,
    template_version: templateVersion,
    ext: typeof biz.ext === 'string' ? biz.ext : undefined,
    status: 'INIT',
    auto_online: false,
    audit_round: 0,
    gmt_create: formatGatewayTimestamp(now()),
  };
  await saveVersion(store, version);
  return BUILT;
});

/** `alipay.open.mini.version.build.query` (C.2). */
export const versionBuildQueryMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  await requireVersion(ctx, app, biz);
  return BUILT;
});
