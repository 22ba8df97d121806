import { X509Certificate, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * Alipay's console hands out keys as bare Base64 (no PEM armour), the SDK fixtures as PEM with long lines,
 * and private keys come as PKCS#1 or PKCS#8. Decoding the Base64 body ourselves accepts every one of those.
 */
function pemBody(text: string): { label: string | undefined; der: Buffer } {
  const label = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(text)?.[1];
  const body = text.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  return { label, der: Buffer.from(body, 'base64') };
}

export function loadPrivateKey(text: string): KeyObject {
  const { label, der } = pemBody(text);
  if (label === 'RSA PRIVATE KEY') return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  if (label === 'PRIVATE KEY') return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** Accepts an SPKI public key (PEM or bare Base64) or, for certificate mode, the Alipay public-key certificate. */
export function loadPublicKey(text: string): KeyObject {
  if (text.includes('BEGIN CERTIFICATE')) return new X509Certificate(text).publicKey;
  const { label, der } = pemBody(text);
  if (label === 'RSA PUBLIC KEY') return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  return createPublicKey({ key: der, format: 'der', type: 'spki' });
}
