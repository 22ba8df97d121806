import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from '@/server/errors';

/**
 * Encryption of single values at rest (personal formData fields, upstream tokens, uploaded images) with AES-256-GCM.
 * Tokens name their key so keys can rotate: new values use the active key, old ones still decrypt, and
 * needsRotation() finds the values a re-encryption job should rewrite.
 *
 * Token: `enc:v1:<keyId>:<base64url iv>:<base64url ciphertext+tag>`. The `enc:v1:<keyId>` prefix is bound
 * as additional authenticated data, so a token cannot be relabelled to another key or version.
 */

const PREFIX = 'enc';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type FieldCipher = {
  readonly activeKeyId: string;
  encrypt(plain: string): string;
  decrypt(token: string): string;
  /** The same token format over raw bytes (images); `encrypt(s)` is `encryptBytes(utf8 of s)`. */
  encryptBytes(plain: Uint8Array): string;
  decryptBytes(token: string): Buffer;
  /** True when the value is not a token of the active key (older key, or not encrypted at all). */
  needsRotation(token: string): boolean;
};

export type FieldCipherOptions = { keys: Readonly<Record<string, Buffer>>; activeKeyId: string };

type ParsedToken = { keyId: string; iv: Buffer; sealed: Buffer };

/** Whether a value looks like a field-encryption token (it may still fail to decrypt). */
export function isEncryptedValue(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`${PREFIX}:${VERSION}:`);
}

function parseToken(token: string): ParsedToken | undefined {
  const parts = token.split(':');
  if (parts.length !== 5 || parts[0] !== PREFIX || parts[1] !== VERSION) return undefined;
  const [, , keyId = '', ivText = '', sealedText = ''] = parts;
  if (!KEY_ID.test(keyId) || !/^[A-Za-z0-9_-]+$/.test(ivText) || !/^[A-Za-z0-9_-]+$/.test(sealedText)) return undefined;
  const iv = Buffer.from(ivText, 'base64url');
  const sealed = Buffer.from(sealedText, 'base64url');
  if (iv.length !== IV_BYTES || sealed.length < TAG_BYTES) return undefined;
  return { keyId, iv, sealed };
}

const aadFor = (keyId: string) => Buffer.from(`${PREFIX}:${VERSION}:${keyId}`, 'utf8');

/** Builds a cipher over a key ring; fails fast on a key of the wrong size or a missing active key. */
export function createFieldCipher({ keys, activeKeyId }: FieldCipherOptions): FieldCipher {
  for (const [keyId, key] of Object.entries(keys)) {
    if (!KEY_ID.test(keyId)) throw new Error(`Field encryption key id "${keyId}" must match ${KEY_ID}.`);
    if (!Buffer.isBuffer(key) || key.length !== KEY_BYTES) {
      throw new Error(`Field encryption key "${keyId}" must be ${KEY_BYTES} bytes.`);
    }
  }
  const found = keys[activeKeyId];
  if (!found) throw new Error(`Field encryption active key "${activeKeyId}" is not in the key ring.`);
  const activeKey: Buffer = found;

  function encryptBytes(plain: Uint8Array): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', activeKey, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aadFor(activeKeyId));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return [PREFIX, VERSION, activeKeyId, iv.toString('base64url'), sealed.toString('base64url')].join(':');
  }

  function decryptBytes(token: string): Buffer {
    const parsed = parseToken(token);
    if (!parsed) throw new Error('Encrypted field value is malformed (expected enc:v1:<keyId>:<iv>:<data>).');
    const key = keys[parsed.keyId];
    if (!key) {
      // The installation lost a key its data still needs (a partial key ring after a restore or a rotation gone
      // wrong): a 503 that names the key and the fix, not an anonymous 500. Nothing of the value is in it.
      throw new AppError(
        'data_key_missing',
        `Encrypted field value uses unknown key id "${parsed.keyId}": this installation's key ring does not hold that data key, so the value cannot be read until it is restored (docs/data-key-rotation.md).`,
      );
    }
    const data = parsed.sealed.subarray(0, parsed.sealed.length - TAG_BYTES);
    const tag = parsed.sealed.subarray(parsed.sealed.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, parsed.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aadFor(parsed.keyId));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(data), decipher.final()]);
    } catch {
      // The cause is deliberately dropped: nothing about the value should reach logs.
      throw new Error(
        `Encrypted field value failed authentication with key "${parsed.keyId}" (tampered or wrong key).`,
      );
    }
  }

  return {
    activeKeyId,
    encrypt: (plain) => encryptBytes(Buffer.from(plain, 'utf8')),
    decrypt: (token) => decryptBytes(token).toString('utf8'),
    encryptBytes,
    decryptBytes,
    needsRotation(token) {
      return parseToken(token)?.keyId !== activeKeyId;
    },
  };
}

type Transform = (value: string, field: string) => string;

function mapFields<T extends Record<string, unknown>>(obj: T, fieldNames: readonly string[], transform: Transform): T {
  const out: Record<string, unknown> = { ...obj };
  for (const field of fieldNames) {
    const value = out[field];
    if (typeof value === 'string') out[field] = transform(value, field);
    else if (Array.isArray(value))
      out[field] = value.map((item: unknown) => (typeof item === 'string' ? transform(item, field) : item));
  }
  return out as T;
}

/**
 * Returns a copy of a flat object with the listed fields encrypted (strings, and each string of an array).
 * Other fields, null and undefined are left as they are. Every call encrypts: pass plaintext only.
 */
export function encryptFields<T extends Record<string, unknown>>(
  obj: T,
  fieldNames: readonly string[],
  cipher: FieldCipher,
): T {
  return mapFields(obj, fieldNames, (value) => cipher.encrypt(value));
}

/**
 * Returns a copy with the listed fields decrypted. A listed field holding a string that is not a token is an
 * error (the field name is given, never the value): encrypted-at-rest fields must never be read as plaintext.
 */
export function decryptFields<T extends Record<string, unknown>>(
  obj: T,
  fieldNames: readonly string[],
  cipher: FieldCipher,
): T {
  return mapFields(obj, fieldNames, (value, field) => {
    if (!isEncryptedValue(value)) throw new Error(`Field "${field}" should be encrypted at rest but is not.`);
    return cipher.decrypt(value);
  });
}
