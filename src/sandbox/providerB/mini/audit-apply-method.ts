import { randomBytes } from 'node:crypto';
import type { SandboxStore } from '@/sandbox/store';
import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { GatewayBusinessError, businessFailed, invalidParameter, type GatewayUploadedFile } from '../gateway/registry';
import { planAuditDecision, readAuditPolicy } from '@/sandbox/audit-policy';
import { miniAuditId } from '@/protocols/providerB/mini/version-status';
import { settleDueVersion } from './audit-control';
import { MINI_KINDS, appVersions, saveApp, saveVersion, type SandboxMerchantApp } from './mini-store';
import { proxiedMethod, requireVersion } from './proxied';

/** One version per mini program may be in these states (C.3: CAN_NOT_SUBMIT_WITH_AUDIT_GRAY). */
const BLOCKING = new Set(['AUDITING', 'WAIT_RELEASE', 'AUDIT_REJECT', 'GRAY', 'BASE_AUDIT_PASS']);
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
/** C.4 length rule: a Chinese (non-ASCII) character counts 2. */
const weightedLength = (s: string) => [...s].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x7f ? 2 : 1), 0);
const fileInvalid = (subCode: string, subMsg: string) =>
  new GatewayBusinessError('40002', 'Invalid Arguments', subCode, subMsg);

function checkFiles(files: Map<string, GatewayUploadedFile>): void {
  for (const [field, file] of files) {
    const ext = file.filename.split('.').pop()?.toLowerCase() ?? '';
    const archive = field === 'test_file_name';
    if (archive ? !['zip', 'rar'].includes(ext) : !['png', 'jpg', 'jpeg'].includes(ext))
      throw fileInvalid('isv.invalid-file-extension', `${field} 文件格式不支持`);
    const limit = field === 'app_logo' ? 2 : archive ? 10 : 4;
    if (file.bytes.length > limit * 1024 * 1024)
      throw fileInvalid('isv.invalid-file-size', `${field} 文件大小超过 ${limit}MB`);
  }
}

/** Base information: sent values are checked; what was never set must be sent now (C.4). */
function mergedBaseinfo(app: SandboxMerchantApp, biz: Record<string, unknown>): SandboxMerchantApp {
  const appName = str(biz.app_name);
  if (appName !== undefined) {
    if ([...appName].length < 3 || [...appName].length > 30)
      throw businessFailed('INVALID_MINI_APP_NAME_LENGTH', '小程序中文名称长度超出范围');
    if (!/^[\p{Script=Han}A-Za-z0-9_+-]+$/u.test(appName))
      throw businessFailed('INVALID_MINI_APP_NAME', '小程序中文名称包含非法字符');
  }
  const phone = str(biz.service_phone);
  if (phone !== undefined && !/^[\d-]{5,30}$/.test(phone))
    throw businessFailed('INVALID_MINI_APP_SERVICE_TEL', '小程序客服电话包含非法字符');
  const regionType = str(biz.region_type);
  if (regionType !== undefined && !['GLOBAL', 'CHINA', 'LOCATION'].includes(regionType))
    throw businessFailed('REGION_TYPE_IS_INVALID', '小程序服务区域类型非法');
  if (regionType === 'LOCATION') {
    let regions: unknown;
    try {
      regions = JSON.parse(str(biz.service_region_info) ?? '');
    } catch {
      // reported below
    }
    if (!Array.isArray(regions) || regions.length === 0)
      throw invalidParameter('参数有误：region_type 为 LOCATION 时 service_region_info 不能为空');
  }
  for (const field of ['app_category_ids', 'mini_category_ids']) {
    const ids = str(biz[field]);
    if (ids !== undefined && !(ids.split(';').length >= 1 && ids.split(';').length <= 4))
      throw businessFailed('CATEGORY_NUM_IS_INVALID', '类目数量需要是1-4个');
  }
  const next: SandboxMerchantApp = {
    ...app,
    app_name: appName ?? app.app_name,
    app_english_name: str(biz.app_english_name) ?? app.app_english_name,
    app_slogan: str(biz.app_slogan) ?? app.app_slogan,
    app_desc: str(biz.app_desc) ?? app.app_desc,
    service_phone: phone ?? app.service_phone,
    service_email: str(biz.service_email) ?? app.service_email,
    region_type: regionType ?? app.region_type,
  };
  if (!next.app_name) throw businessFailed('APP_NAME_IS_BLANK', '小程序应用名称为空');
  if (!next.app_english_name) throw businessFailed('ENGLISH_NAME_IS_BLANK', '小程序英文名称为空');
  if (!next.region_type) throw businessFailed('REGION_TYPE_IS_BLANK', '小程序服务区域类型为空');
  if (!next.service_phone && !next.service_email)
    throw businessFailed('SERVICE_TEL_AND_MAIL_BOTH_BLANK', '小程序客服电话和邮箱同时为空');
  return next;
}

/**
 * One of the day's `limit` submissions of a template, or false when all are taken. Each is claimed through the
 * store's first-writer-wins create, so concurrent submissions on any instance never exceed the limit.
 */
async function claimDailySlot(store: SandboxStore, countId: string, limit: number) {
  const token = randomBytes(8).toString('hex');
  // The hint only saves probing from 0; the create decides.
  for (let n = (await store.get<number>(MINI_KINDS.auditApplyCount, countId)) ?? 0; n < limit; n++) {
    if ((await store.create(MINI_KINDS.auditApplySlot, `${countId}:${n}`, token)) === token) {
      await store.put(MINI_KINDS.auditApplyCount, countId, n + 1);
      return true;
    }
  }
  return false;
}

/**
 * `alipay.open.mini.version.audit.apply` (C.4): an upload request, so business fields are top-level
 * parameters (multipart or form). INIT → AUDITING; the sandbox then waits for the control API's decision.
 */
export const auditApplyMethod = proxiedMethod(
  async ({ biz, files }, ctx, app) => {
    const versionDesc = str(biz.version_desc);
    if (!str(biz.app_version)) throw businessFailed('APP_VERSION_IS_BLANK', '版本号为空');
    if (!versionDesc) throw businessFailed('VERSION_DESC_IS_BLANK', '小程序版本描述为空');
    const version = await requireVersion(ctx, app, biz);
    const versions = await Promise.all(
      (await appVersions(ctx.store, app.auth_app_id)).map((v) => settleDueVersion(ctx, v)),
    );
    const blocking = versions.find((v) => BLOCKING.has(v.status));
    if (blocking)
      throw businessFailed('CAN_NOT_SUBMIT_WITH_AUDIT_GRAY', '存在审核中，审核通过，审核拒绝，灰度中版本不能提审');
    if (version.status !== 'INIT')
      throw businessFailed(
        'MINI_APP_PACKAGE_INFO_NOT_EXIST',
        `小程序版本包信息不存在或版本状态不符合要求（当前状态：${version.status}）`,
      );
    const length = weightedLength(versionDesc);
    if (length < 30 || length > 500)
      throw invalidParameter('参数有误：version_desc 长度需为30-500个字符（中文算2个字符）');
    checkFiles(files);
    const nextApp = mergedBaseinfo(app, biz);
    // An ordinary template's mini programs are submitted for at most N a day (docs/upstream/providerB.md C.4): the
    // audit policy's quota. The sub_code is the sandbox's (Alipay publishes none for it).
    const { quota } = await readAuditPolicy(ctx.store, 'providerB');
    const countId = `${version.template_id}:${ctx.now().toISOString().slice(0, 10)}`;
    if (quota.limit !== null && !(await claimDailySlot(ctx.store, countId, quota.limit)))
      throw businessFailed(
        'MINI_APP_AUDIT_APPLY_LIMITED',
        `该模板今日提审的小程序数量已达上限（${quota.limit} 个），请明日再试`,
      );
    await saveApp(ctx.store, nextApp);
    await saveVersion(ctx.store, {
      ...version,
      status: 'AUDITING',
      version_desc: versionDesc,
      reject_reason: undefined,
      base_audit: undefined,
      promote_audit: undefined,
      auto_online: biz.auto_online === 'true',
      audit_rule: str(biz.audit_rule),
      memo: str(biz.memo),
      audit_round: version.audit_round + 1,
      audit_delayed: false,
      auto: await planAuditDecision(
        ctx.store,
        'providerB',
        `${miniAuditId(version.auth_app_id, version.app_version)}:${version.audit_round + 1}`,
        ctx.now(),
      ),
      gmt_apply_audit: formatGatewayTimestamp(ctx.now()),
      gmt_audit_end: undefined,
    });
    // The sandbox has no expedited-review quota.
    return { speed_up: 'false', speed_up_memo: '当前无可用的加急审核次数' };
  },
  { bizFrom: 'params' },
);
