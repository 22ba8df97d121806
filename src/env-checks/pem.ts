import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';

/**
 * Key material read from variables, for the start-up checks: PEM (or bare Base64 for Alipay's console keys).
 * Each returns the parsed object, or a reason phrased for the operator.
 */

function pemBody(text: string): { label: string | undefined; der: Buffer } {
  const label = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(text)?.[1];
  const body = text.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  return { label, der: Buffer.from(body, 'base64') };
}

export function readPrivateKey(text: string): KeyObject | string {
  const { label, der } = pemBody(text);
  const attempts = label === 'RSA PRIVATE KEY' ? ['pkcs1'] : label === 'PRIVATE KEY' ? ['pkcs8'] : ['pkcs8', 'pkcs1'];
  if (label && !label.includes('PRIVATE KEY')) return `holds a ${label}, not a private key`;
  for (const type of attempts) {
    try {
      return createPrivateKey({ key: der, format: 'der', type: type as 'pkcs1' | 'pkcs8' });
    } catch {
      // next format
    }
  }
  return 'is not a readable private key (PEM "-----BEGIN PRIVATE KEY-----…", or its Base64 body)';
}

export function readPublicKey(text: string): KeyObject | string {
  if (text.includes('BEGIN CERTIFICATE'))
    return 'holds a certificate; give the public key ("-----BEGIN PUBLIC KEY-----…")';
  const { label, der } = pemBody(text);
  if (label && !label.includes('PUBLIC KEY')) return `holds a ${label}, not a public key`;
  try {
    return createPublicKey({ key: der, format: 'der', type: label === 'RSA PUBLIC KEY' ? 'pkcs1' : 'spki' });
  } catch {
    return 'is not a readable public key (PEM "-----BEGIN PUBLIC KEY-----…", or its Base64 body)';
  }
}

export function readCertificate(text: string): X509Certificate | string {
  try {
    return new X509Certificate(text);
  } catch {
    return 'is not a readable X.509 certificate (PEM "-----BEGIN CERTIFICATE-----…")';
  }
}

/** Do the two keys form a pair (the public half of `privateKey` is `publicKey`)? */
export function isPair(privateKey: KeyObject, publicKey: KeyObject): boolean {
  const der = (key: KeyObject) => key.export({ type: 'spki', format: 'der' });
  return der(createPublicKey(privateKey)).equals(der(publicKey));
}

/** The RSA modulus length in bits, or undefined for another key type. */
export const rsaBits = (key: KeyObject) =>
  key.asymmetricKeyType === 'rsa' ? key.asymmetricKeyDetails?.modulusLength : undefined;
