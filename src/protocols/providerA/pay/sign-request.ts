import { createSign, randomInt, type KeyObject } from 'node:crypto';

/** WeChat Pay APIv3 request signing (docs/upstream/providerA.md A.2). */

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

const NONCE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 32 characters from [0-9A-Za-z], as the official SDKs generate. */
export function generateNonce(length = 32): string {
  let nonce = '';
  for (let i = 0; i < length; i++) nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return nonce;
}

/**
 * The five `\n`-terminated lines. `body` is the exact request body (the `meta` JSON for uploads); the
 * terminator is appended even when the body already ends with `\n` (TV-4).
 */
export function buildRequestMessage(parts: {
  method: string;
  canonicalUrl: string;
  timestamp: string;
  nonce: string;
  body: string;
}): string {
  return `${parts.method.toUpperCase()}\n${parts.canonicalUrl}\n${parts.timestamp}\n${parts.nonce}\n${parts.body}\n`;
}

/** Base64 RSASSA-PKCS1-v1_5 / SHA-256 over the UTF-8 message (deterministic; TV-2). */
export function signMessage(message: string, privateKey: KeyObject | string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function buildAuthorizationHeader(parts: {
  mchId: string;
  nonce: string;
  timestamp: string;
  serialNo: string;
  signature: string;
  scheme?: string;
}): string {
  const scheme = parts.scheme ?? AUTH_SCHEME;
  return (
    `${scheme} mchid="${parts.mchId}",nonce_str="${parts.nonce}",timestamp="${parts.timestamp}",` +
    `serial_no="${parts.serialNo}",signature="${parts.signature}"`
  );
}

/** Path plus raw query of the URL actually requested: what the server sees, so what it verifies. */
export function canonicalUrlOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

export function signRequest(input: {
  method: string;
  url: URL;
  signBody: string;
  mchId: string;
  serialNo: string;
  privateKey: KeyObject | string;
  timestamp?: string;
  nonce?: string;
  now?: () => Date;
}): string {
  const timestamp = input.timestamp ?? String(Math.floor((input.now?.() ?? new Date()).getTime() / 1000));
  const nonce = input.nonce ?? generateNonce();
  const message = buildRequestMessage({
    method: input.method,
    canonicalUrl: canonicalUrlOf(input.url),
    timestamp,
    nonce,
    body: input.signBody,
  });
  const signature = signMessage(message, input.privateKey);
  return buildAuthorizationHeader({ mchId: input.mchId, nonce, timestamp, serialNo: input.serialNo, signature });
}
