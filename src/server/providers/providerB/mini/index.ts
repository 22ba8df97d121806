export { createProviderBMiniClient } from './mini-client';
export type { ProviderBMiniClient, ProviderBMiniClientOptions } from './mini-client';
export {
  MINI_METHODS,
  MINI_MESSAGE_METHODS,
  APP_AUTH_NOTIFY_TYPE,
  DEFAULT_BUNDLE_ID,
  MINI_MEMBER_ROLES,
} from '@/protocols/providerB/mini/methods';
export type { MiniMemberRole } from '@/protocols/providerB/mini/methods';
export {
  buildAppAuthUrl,
  parseAppAuthUrl,
  LIVE_AUTH_BASE_URLS,
  DEFAULT_AUTH_APP_TYPES,
} from '@/protocols/providerB/mini/auth-url';
export type { AppAuthLinkStyle, AppAuthUrlInput, ParsedAppAuthUrl } from '@/protocols/providerB/mini/auth-url';
export {
  AppAuthTokenExpiredError,
  AppAuthorizationRevokedError,
  withAppAuthTokenRefresh,
  remapMiniError,
  gatewayFailureOf,
  APP_AUTH_TOKEN_SUB_CODES,
} from './mini-errors';
export type { AppAuthTokens, AppAuthTokenInfo } from './app-auth-token';
export {
  miniVersionStatus,
  miniAuditOutcome,
  miniAuditId,
  parseMiniAuditId,
  compareAppVersions,
  APP_VERSION_PATTERN,
  RELEASABLE_UPSTREAM_STATUSES,
} from '@/protocols/providerB/mini/version-status';
export type { MiniVersionStatus, UpstreamVersionStatus } from '@/protocols/providerB/mini/version-status';
export type { MiniVersionDetail, MiniVersionSummary } from './version-queries';
export type { UploadVersionInput, MiniBuildStatus, MiniBuildState } from './versions';
export { AUDIT_IMAGE_FIELDS } from './audit-apply';
export type { ApplyAuditInput, RegionInfo } from './audit-apply';
export type { MiniTemplate, MiniBaseinfo, MiniExperience } from './app-info';
export { maskedLogonIdMatches } from './members';
export type { MiniMember } from './members';
export { parseMiniAuditMessage } from './audit-message';
export type { MiniAuditMessage } from './audit-message';
export { parseAppAuthNotify } from './app-auth-notify';
export type { AppAuthNotification } from './app-auth-notify';
