import { createSign, createVerify, type KeyObject } from 'node:crypto';

export type SignableParams = Record<string, string | undefined | null>;

/**
 * Legacy-gateway string to sign (docs/upstream/providerB.md A.3): every parameter except the excluded ones, empty values
 * dropped, keys sorted ascending, raw (not URL-encoded) values joined as `k=v` with `&`.
 * `sign_type` is part of request signatures; notifications exclude it or not by family (A.7).
 */
export function buildSignContent(params: SignableParams, exclude: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key))
    .filter((key) => {
      const value = params[key];
      return value !== undefined && value !== null && value !== '';
    })
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** RSA2 = SHA256withRSA, PKCS#1 v1.5, standard Base64 output. */
export function rsa2Sign(content: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKey: KeyObject): boolean {
  if (!signature) return false;
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}
