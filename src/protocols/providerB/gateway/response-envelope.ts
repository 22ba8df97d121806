import type { KeyObject } from 'node:crypto';
import { rsa2Verify } from './signature';

/** `ant.merchant.expand.indirect.zft.create` → `ant_merchant_expand_indirect_zft_create_response`. */
export function responseKeyFor(method: string): string {
  return `${method.replaceAll('.', '_')}_response`;
}

/**
 * The exact bytes of the JSON object that is the value of `"<key>"` in the raw body (A.4). The gateway signs
 * those bytes, so we must not re-serialise: scan from the first `{` after the key, counting braces outside
 * strings and honouring backslash escapes (the Java SDK's algorithm).
 */
export function extractResponseNode(raw: string, key: string): string | undefined {
  const keyAt = raw.indexOf(`"${key}"`);
  if (keyAt < 0) return undefined;
  let i = keyAt + key.length + 2;
  while (i < raw.length && /\s/.test(raw[i]!)) i++;
  if (raw[i] !== ':') return undefined;
  i++;
  while (i < raw.length && /\s/.test(raw[i]!)) i++;
  if (raw[i] !== '{') return undefined;
  const start = i;
  let depth = 0;
  let inString = false;
  for (; i < raw.length; i++) {
    const ch = raw[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return raw.slice(start, i + 1);
  }
  return undefined;
}

export class ProviderBResponseVerificationError extends Error {
  constructor(
    message: string,
    readonly method: string,
  ) {
    super(message);
    this.name = 'ProviderBResponseVerificationError';
  }
}

/**
 * The key that verifies an answer. Certificate mode names the Alipay certificate that signed it
 * (`alipay_cert_sn` beside `sign`, A.4), so the caller picks the key by that serial; it throws
 * `ProviderBResponseVerificationError` for a serial it does not hold.
 */
export type ResponseKeyResolver = (alipayCertSn: string | undefined) => KeyObject;

export interface VerifiedGatewayResponse {
  /** `<method>_response`, or `error_response` when the gateway answered under the generic key. */
  responseKey: string;
  payload: Record<string, unknown>;
  /** False only for an unsigned error response (accepted unverified, like the SDKs do). */
  signed: boolean;
  /** The `alipay_cert_sn` the gateway named (certificate mode), if any. */
  alipayCertSn?: string;
}

/**
 * Parses and authenticates a legacy-gateway response. A success must carry a valid signature; an error that
 * carries a signature must verify too; an unsigned error is returned with `signed: false`.
 */
export function verifyGatewayResponse(
  raw: string,
  method: string,
  alipayPublicKey: KeyObject | ResponseKeyResolver,
): VerifiedGatewayResponse {
  let envelope: unknown;
  try {
    envelope = JSON.parse(raw);
  } catch {
    throw new ProviderBResponseVerificationError('response is not JSON', method);
  }
  if (!envelope || typeof envelope !== 'object')
    throw new ProviderBResponseVerificationError('response is not an object', method);

  let responseKey = responseKeyFor(method);
  let node = extractResponseNode(raw, responseKey);
  if (node === undefined) {
    responseKey = 'error_response';
    node = extractResponseNode(raw, responseKey);
  }
  if (node === undefined) throw new ProviderBResponseVerificationError('response has no response node', method);

  const payload = JSON.parse(node) as Record<string, unknown>;
  const { sign, alipay_cert_sn: namedSn } = envelope as Record<string, unknown>;
  const alipayCertSn = typeof namedSn === 'string' && namedSn !== '' ? namedSn : undefined;
  const success = payload.code === '10000';
  if (typeof sign !== 'string' || sign === '') {
    if (success) throw new ProviderBResponseVerificationError('success response is not signed', method);
    return { responseKey, payload, signed: false, alipayCertSn };
  }
  const key = typeof alipayPublicKey === 'function' ? alipayPublicKey(alipayCertSn) : alipayPublicKey;
  // Java SDK quirk kept on purpose: some gateway nodes were signed before `/` got escaped as `\/`.
  const valid =
    rsa2Verify(node, sign, key) || (node.includes('\\/') && rsa2Verify(node.replaceAll('\\/', '/'), sign, key));
  if (!valid) throw new ProviderBResponseVerificationError('response signature does not verify', method);
  return { responseKey, payload, signed: true, alipayCertSn };
}
