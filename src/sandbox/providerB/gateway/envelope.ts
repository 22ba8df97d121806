import type { KeyObject } from 'node:crypto';
import { rsa2Sign } from '@/protocols/providerB/gateway/signature';

const JSON_TYPE = { 'content-type': 'application/json;charset=utf-8' };

/**
 * Serialises the inner object once, signs exactly those bytes with the sandbox's "Alipay" key and splices
 * the same bytes into the envelope (A.4 emulator rule; TV-7b). HTTP status is 200 even for errors. In
 * certificate mode the envelope names the Alipay certificate whose key signed (`alipay_cert_sn`).
 */
export function signedGatewayResponse(
  responseKey: string,
  payload: Record<string, unknown>,
  alipayPrivateKey: KeyObject,
  alipayCertSn?: string,
): Response {
  const node = JSON.stringify(payload);
  const sign = rsa2Sign(node, alipayPrivateKey);
  const certSn = alipayCertSn ? `"alipay_cert_sn":"${alipayCertSn}",` : '';
  const body = `{"${responseKey}":${node},${certSn}"sign":"${sign}"}`;
  return new Response(body, { status: 200, headers: JSON_TYPE });
}

/** The gateway's own refusal before any app is identified (unknown method): `error_response`, unsigned. */
export function unsignedGatewayError(payload: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ error_response: payload }), { status: 200, headers: JSON_TYPE });
}
