import type { KeyObject } from 'node:crypto';
import { rsa2Sign } from '@/protocols/providerB/gateway/signature';

/**
 * Serialises the inner object once, signs exactly those bytes with the sandbox's "Alipay" key and splices
 * the same bytes into the envelope (A.4 emulator rule; TV-7b). HTTP status is 200 even for errors.
 */
export function signedGatewayResponse(
  responseKey: string,
  payload: Record<string, unknown>,
  alipayPrivateKey: KeyObject,
): Response {
  const node = JSON.stringify(payload);
  const sign = rsa2Sign(node, alipayPrivateKey);
  const body = `{"${responseKey}":${node},"sign":"${sign}"}`;
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json;charset=utf-8' } });
}
