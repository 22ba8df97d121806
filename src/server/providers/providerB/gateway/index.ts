export { createProviderBGateway } from './gateway-client';
export type {
  ProviderBGateway,
  ProviderBGatewayOptions,
  GatewayCallOptions,
  GatewayFile,
  GatewayPayload,
} from './gateway-client';
export { buildSignContent, rsa2Sign, rsa2Verify } from './signature';
export { loadPrivateKey, loadPublicKey } from './keys';
export { formatGatewayTimestamp, GATEWAY_TIMESTAMP_PATTERN } from './timestamp';
export {
  responseKeyFor,
  extractResponseNode,
  verifyGatewayResponse,
  ProviderBResponseVerificationError,
} from './response-envelope';
export { notificationParams, notificationSignContent, verifyNotificationSignature } from './notification';
export type { NotificationSignTypeRule } from './notification';
export {
  ProviderBGatewayError,
  classifyGatewayFailure,
  gatewayErrorToAppError,
  redactPersonalData,
} from './gateway-errors';
export type { RetryOptions } from './retry';
export { certSn, rootCertSn } from './cert-sn';
