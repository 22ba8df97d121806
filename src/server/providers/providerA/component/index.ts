export {
  createComponentClient,
  DEFAULT_AUTH_BASE_URLS,
  type AuthorizerInfo,
  type AuthorizerTokens,
  type ComponentClient,
  type ComponentClientOptions,
} from './component-client';
export type { CachedToken, ComponentTokenCache } from './component-token';
export {
  createCodeClient,
  type AuditResult,
  type AuditStatus,
  type CodeClient,
  type CodeClientOptions,
  type CodeTemplate,
  type LatestAudit,
  type VersionInfo,
  type VersionStamp,
} from './code-client';
export type { AuditItem, SubmitAuditInput } from './code-input';
export {
  parseComponentPush,
  PushRejectedError,
  PUSH_MAX_SKEW_SECONDS,
  type ParsedPush,
  type ParsePushInput,
  type PushRejection,
} from './parse-push';
export { pushTarget, type ComponentPushEvent, type ParsedPushEvent } from '@/protocols/providerA/component/push-events';
export { TokenExpiredError } from './wx-errors';
export {
  decryptMessage,
  encryptMessage,
  msgSignature,
  MsgCryptError,
  urlSignature,
  type MsgCryptCredentials,
} from '@/protocols/providerA/component/wx-biz-msg-crypt';
export { buildFlatXml, parseFlatXml } from '@/protocols/providerA/component/flat-xml';
