export { handleProviderAComponentRequest } from './handler';
export type { ProviderAComponentEmulatorContext } from './route-context';
export {
  createProviderAComponentSandboxConfig,
  type ProviderAComponentCredentials,
  type ProviderAComponentSandboxConfig,
} from './config';
export {
  grantAuthorization,
  readAuthUrl,
  revokeAuthorization,
  DEFAULT_FUNC_INFO,
  type GrantInput,
  type GrantResult,
} from './authorize';
export { renderAuthorizePage, type AuthorizePageInput } from './authorize-page';
export { decideAudit, type AuditDecision } from './audit-control';
export { buildPush, issueVerifyTicket, type BuiltPush } from './push';
export { expireTokens } from './expire-tokens';
