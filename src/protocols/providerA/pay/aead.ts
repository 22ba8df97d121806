import { createCipheriv, createDecipheriv } from 'node:crypto';

const TAG_LENGTH = 16;

/**
 * AEAD_AES_256_GCM as WeChat Pay uses it for certificates and callbacks (docs/upstream/providerA.md A.6): the key is the
 * ASCII APIv3 key, the nonce string is the IV, and `ciphertext` is Base64(ciphertext ‖ 16-byte tag).
 * The published vectors use 16-byte keys, so the AES size follows the key length (same code path).
 * Throws when the tag does not authenticate (wrong key, tampered data).
 */
export function decryptAeadAes256Gcm(input: {
  key: string | Uint8Array;
  nonce: string;
  associatedData?: string;
  ciphertext: string;
}): string {
  const key = typeof input.key === 'string' ? Buffer.from(input.key, 'utf8') : Buffer.from(input.key);
  if (![16, 24, 32].includes(key.length)) throw new Error('AEAD key must be 16, 24 or 32 bytes');
  const data = Buffer.from(input.ciphertext, 'base64');
  if (data.length < TAG_LENGTH) throw new Error('AEAD ciphertext is shorter than its tag');
  const algorithm = `aes-${key.length * 8}-gcm` as 'aes-256-gcm';
  const decipher = createDecipheriv(algorithm, key, Buffer.from(input.nonce, 'utf8'), { authTagLength: TAG_LENGTH });
  decipher.setAuthTag(data.subarray(data.length - TAG_LENGTH));
  decipher.setAAD(Buffer.from(input.associatedData ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_LENGTH)), decipher.final()]).toString(
    'utf8',
  );
}

/** The sender's side of decryptAeadAes256Gcm: what WeChat does to certificates and callbacks (the sandbox uses it). */
export function encryptAeadAes256Gcm(input: {
  key: string | Uint8Array;
  nonce: string;
  associatedData?: string;
  plaintext: string;
}): string {
  const key = typeof input.key === 'string' ? Buffer.from(input.key, 'utf8') : Buffer.from(input.key);
  if (![16, 24, 32].includes(key.length)) throw new Error('AEAD key must be 16, 24 or 32 bytes');
  const algorithm = `aes-${key.length * 8}-gcm` as 'aes-256-gcm';
  const cipher = createCipheriv(algorithm, key, Buffer.from(input.nonce, 'utf8'), { authTagLength: TAG_LENGTH });
  cipher.setAAD(Buffer.from(input.associatedData ?? '', 'utf8'));
  const body = Buffer.concat([cipher.update(input.plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
}
