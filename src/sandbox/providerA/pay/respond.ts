import { privateKeyObject } from '../../key-objects';
import { createSign, randomBytes, randomUUID } from 'node:crypto';
import type { ProviderASandboxKeys } from './keys';

/** How the emulator answers: every response signed like WeChat Pay's (docs/upstream/providerA.md A.3). */
export type ResponseSigner = {
  keys: ProviderASandboxKeys;
  now: () => Date;
  /** Sign as WeChat's deliberate `WECHATPAY/SIGNTEST/` probes do: a correct client must reject these. */
  signatureProbe?: boolean;
  /** The key and serial that sign (the namespace's platform mode); default the platform public key. */
  signWith?: { serial: string; privateKeyPem: string };
};

export type UpstreamErrorDetail = {
  field?: string;
  value?: unknown;
  issue?: string;
  location?: string;
  [key: string]: unknown;
};

export function signedResponse(
  signer: ResponseSigner,
  status: number,
  body: string,
  extraHeaders: Record<string, string> = {},
): Response {
  const timestamp = String(Math.floor(signer.now().getTime() / 1000));
  const nonce = randomBytes(16).toString('hex').toUpperCase();
  const message = `${timestamp}\n${nonce}\n${body}\n`;
  let signature = createSign('RSA-SHA256')
    .update(message, 'utf8')
    .sign(privateKeyObject(signer.signWith?.privateKeyPem ?? signer.keys.platform.privateKeyPem), 'base64');
  if (signer.signatureProbe) signature = `WECHATPAY/SIGNTEST/${signature}`;
  const serial =
    signer.signWith?.serial ??
    (signer.keys.responseSerialMode === 'publicKey'
      ? signer.keys.platform.publicKeyId
      : (signer.keys.platform.certificateSerialNo ?? signer.keys.platform.publicKeyId));
  const headers: Record<string, string> = {
    'Request-ID': randomUUID(),
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': signature,
    'Wechatpay-Serial': serial,
    ...extraHeaders,
  };
  if (body !== '') headers['Content-Type'] = 'application/json; charset=utf-8';
  return new Response(status === 204 ? null : body, { status, headers });
}

export function jsonResponse(signer: ResponseSigner, status: number, value: unknown): Response {
  return signedResponse(signer, status, JSON.stringify(value));
}

/** The upstream error shape: `{ code, message, detail: { field, value, issue, location } }` (A.1). */
export function errorResponse(
  signer: ResponseSigner,
  status: number,
  code: string,
  message: string,
  detail?: UpstreamErrorDetail,
): Response {
  return jsonResponse(signer, status, detail ? { code, message, detail } : { code, message });
}

/** 400 PARAM_ERROR about one body field. Sensitive values are never echoed. */
export function paramError(
  signer: ResponseSigner,
  field: string,
  message: string,
  issue: string,
  value?: unknown,
): Response {
  const detail: UpstreamErrorDetail = { field, issue, location: 'body' };
  if (value !== undefined) detail.value = value;
  return errorResponse(signer, 400, 'PARAM_ERROR', message, detail);
}
