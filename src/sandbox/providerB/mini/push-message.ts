import { randomInt } from 'node:crypto';
import { loadPrivateKey } from '@/protocols/providerB/gateway/keys';
import { notificationSignContent } from '@/protocols/providerB/gateway/notification';
import { rsa2Sign } from '@/protocols/providerB/gateway/signature';
import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import type { ProviderBSandboxKeys } from '../keys';

/** A push the sandbox POSTs to the service's providerB callback (form-encoded, like Alipay). */
export interface SandboxPushMessage {
  params: Record<string, string>;
  body: string;
  contentType: string;
}

/** Notify ids look like `yyyyMMdd00222` + digits (TV-7e). */
export const newNotifyId = (now: Date) =>
  `${formatGatewayTimestamp(now).replace(/\D/g, '').slice(0, 8)}00222${Array.from({ length: 21 }, () => randomInt(10)).join('')}`;

/**
 * Signs with the sandbox's "Alipay" key over every parameter but `sign` and `sign_type` (the rule for
 * message-service messages and open_app_auth_notify, A.7; TV-7e).
 */
export function signedPush(params: Record<string, string>, keys: ProviderBSandboxKeys): SandboxPushMessage {
  const signed = {
    ...params,
    sign: rsa2Sign(notificationSignContent(params, false), loadPrivateKey(keys.alipayPrivateKeyPem)),
  };
  return {
    params: signed,
    body: new URLSearchParams(signed).toString(),
    contentType: 'application/x-www-form-urlencoded;charset=utf-8',
  };
}
