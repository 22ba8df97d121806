import { createVerify } from 'node:crypto';
import { AppError } from '@/server/errors';
import type { PlatformKeyRing } from './platform-keys';

/** WeChat Pay response verification (docs/upstream/providerA.md A.3). */

/** Go SDK rule: reject when |now − timestamp| ≥ 300 s. */
export const MAX_RESPONSE_SKEW_SECONDS = 300;

/** WeChat deliberately sends probes signed `WECHATPAY/SIGNTEST/…`; accepting one means we verify nothing. */
export const SIGNATURE_PROBE_PREFIX = 'WECHATPAY/SIGNTEST/';

/** A response we cannot prove came from WeChat Pay: its body must not be trusted. Maps to 502. */
export class ResponseVerificationError extends AppError {
  constructor(readonly reason: string) {
    super('upstream_unavailable', `providerA response failed signature verification: ${reason}`);
  }
}

export function buildResponseMessage(timestamp: string, nonce: string, body: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'), body, Buffer.from('\n', 'utf8')]);
}

/**
 * Throws ResponseVerificationError unless the headers carry a valid platform signature over the raw body
 * bytes, from a known serial (an unknown certificate serial first fetches the certificates again), within the
 * timestamp window.
 */
export async function verifyResponseSignature(input: {
  headers: Headers;
  body: Uint8Array;
  keys: Pick<PlatformKeyRing, 'find'>;
  now?: Date;
  maxSkewSeconds?: number;
}): Promise<void> {
  const { headers } = input;
  const timestamp = headers.get('wechatpay-timestamp');
  const nonce = headers.get('wechatpay-nonce');
  const signature = headers.get('wechatpay-signature');
  const serial = headers.get('wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) {
    throw new ResponseVerificationError('the response carries no Wechatpay-* signature headers');
  }
  if (signature.startsWith(SIGNATURE_PROBE_PREFIX)) {
    throw new ResponseVerificationError('signature probe (WECHATPAY/SIGNTEST) refused');
  }
  if (!/^\d{1,12}$/.test(timestamp)) throw new ResponseVerificationError('malformed Wechatpay-Timestamp');
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) >= (input.maxSkewSeconds ?? MAX_RESPONSE_SKEW_SECONDS)) {
    throw new ResponseVerificationError('Wechatpay-Timestamp is outside the accepted window');
  }
  const key = await input.keys.find(serial);
  if (!key) throw new ResponseVerificationError(`unknown Wechatpay-Serial ${serial.slice(0, 64)}`);
  const valid = createVerify('RSA-SHA256')
    .update(buildResponseMessage(timestamp, nonce, input.body))
    .verify(key, signature, 'base64');
  if (!valid) throw new ResponseVerificationError('signature does not match the body');
}
