import './register';

export { registerMiniGatewayMethods } from './register';
export { grantAppAuthorization } from './app-auth';
export type { GrantAppAuthorizationInput, GrantAppAuthorizationResult } from './app-auth';
export { cancelAppAuthorization, expireAppAuthTokens } from './app-tokens';
export { renderAuthorizePage, grantInputFromAuthorizeForm } from './authorize-page';
export type { AuthorizePageInput } from './authorize-page';
export { decideMiniAudit, buildMiniAuditMessage, DEFAULT_REJECT_REASON } from './audit-control';
export type { MiniAuditDecision, MiniAuditSummary, MiniAuditMessageResult } from './audit-control';
export { buildAppAuthNotify } from './app-auth-notify';
export type { SandboxPushMessage } from './push-message';
export { SANDBOX_MINI_TEMPLATES } from './templates';
export { MINI_KINDS } from './mini-store';
export type { SandboxMerchantApp, SandboxMiniVersion, SandboxAppAuthToken } from './mini-store';
