/** Legacy-gateway method names of the mini-program family (docs/upstream/providerB.md B.3–B.4, C.1–C.8). */
export const MINI_METHODS = {
  tokenApp: 'alipay.open.auth.token.app',
  tokenAppQuery: 'alipay.open.auth.token.app.query',
  templateList: 'alipay.open.mini.templatelist.query',
  versionUpload: 'alipay.open.mini.version.upload',
  versionBuildQuery: 'alipay.open.mini.version.build.query',
  auditApply: 'alipay.open.mini.version.audit.apply',
  auditCancel: 'alipay.open.mini.version.audit.cancel',
  auditedCancel: 'alipay.open.mini.version.audited.cancel',
  online: 'alipay.open.mini.version.online',
  offline: 'alipay.open.mini.version.offline',
  rollback: 'alipay.open.mini.version.rollback',
  versionDelete: 'alipay.open.mini.version.delete',
  versionDetail: 'alipay.open.mini.version.detail.query',
  versionList: 'alipay.open.mini.version.list.query',
  baseinfo: 'alipay.open.mini.baseinfo.query',
  experienceCreate: 'alipay.open.mini.experience.create',
  experienceQuery: 'alipay.open.mini.experience.query',
  experienceCancel: 'alipay.open.mini.experience.cancel',
  membersCreate: 'alipay.open.app.members.create',
  membersDelete: 'alipay.open.app.members.delete',
  membersQuery: 'alipay.open.app.members.query',
} as const;

/** Message-service topics (A.7 family 3, C.10) and the authorization gateway push (B.5). */
export const MINI_MESSAGE_METHODS = {
  auditPassed: 'alipay.open.mini.version.audit.passed',
  auditRejected: 'alipay.open.mini.version.audit.rejected',
} as const;
export const APP_AUTH_NOTIFY_TYPE = 'open_app_auth_notify';

/** The Alipay client; every call may name another one through `bundle_id` (C.0). */
export const DEFAULT_BUNDLE_ID = 'com.alipay.alipaywallet';

export const MINI_MEMBER_ROLES = ['DEVELOPER', 'EXPERIENCER'] as const;
export type MiniMemberRole = (typeof MINI_MEMBER_ROLES)[number];
