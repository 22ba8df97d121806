import { constants, privateDecrypt, publicEncrypt, type KeyObject } from 'node:crypto';

/**
 * Sensitive-field encryption (docs/upstream/providerA.md A.5): RSAES-OAEP with SHA-1 and MGF1-SHA-1, empty label, standard
 * Base64. SHA-1 here is WeChat's choice, not ours; Node's OAEP default digest is SHA-1, but it is named
 * explicitly so a runtime default can never change the wire format.
 */
export function encryptSensitive(plaintext: string, platformPublicKey: KeyObject | string): string {
  // The Go SDK leaves empty strings unencrypted; the upstream then reports them as missing.
  if (plaintext === '') return '';
  return publicEncrypt(
    { key: platformPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    Buffer.from(plaintext, 'utf8'),
  ).toString('base64');
}

/** The inverse, for downlink fields encrypted with the merchant key (and for round-trip tests). */
export function decryptSensitive(ciphertextBase64: string, privateKey: KeyObject | string): string {
  return privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    Buffer.from(ciphertextBase64, 'base64'),
  ).toString('utf8');
}
