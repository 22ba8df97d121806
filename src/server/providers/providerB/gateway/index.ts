export { createProviderBGateway } from './gateway-client';
export type {
  ProviderBGateway,
  ProviderBGatewayOptions,
  GatewayCallOptions,
  GatewayFile,
  GatewayPayload,
  ProviderBCertificates,
} from './gateway-client';
export { buildSignContent, rsa2Sign, rsa2Verify } from '@/protocols/providerB/gateway/signature';
export { loadPrivateKey, loadPublicKey } from '@/protocols/providerB/gateway/keys';
export { formatGatewayTimestamp, GATEWAY_TIMESTAMP_PATTERN } from '@/protocols/providerB/gateway/timestamp';
export {
  responseKeyFor,
  extractResponseNode,
  verifyGatewayResponse,
  ProviderBResponseVerificationError,
} from '@/protocols/providerB/gateway/response-envelope';
export {
  notificationParams,
  notificationSignContent,
  verifyNotificationSignature,
} from '@/protocols/providerB/gateway/notification';
export type { NotificationSignTypeRule } from '@/protocols/providerB/gateway/notification';
export {
  ProviderBGatewayError,
  classifyGatewayFailure,
  gatewayErrorToAppError,
  redactPersonalData,
} from './gateway-errors';
export type { RetryOptions } from './retry';
export { certSn, rootCertSn, pemCertificates } from '@/protocols/providerB/gateway/cert-sn';
