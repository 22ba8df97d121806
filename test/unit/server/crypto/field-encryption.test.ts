import { createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, decryptFields, encryptFields, isEncryptedValue } from '@/server/crypto/field-encryption';

const KEY_2024 = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
const KEY_2025 = randomBytes(32);
const ID_NUMBER = '11010519491231002X';
/** Written by this module once and frozen: tokens stored today must decrypt after any refactor. */
const GOLDEN = 'enc:v1:k2024:OuMCQXuwCC3obyhm:wXUa9ClW9edefb4F-OZVu1PvbW4FeNvFqzvDLoR4cH74cw';

const cipher2024 = createFieldCipher({ keys: { k2024: KEY_2024 }, activeKeyId: 'k2024' });
const rotated = createFieldCipher({ keys: { k2024: KEY_2024, k2025: KEY_2025 }, activeKeyId: 'k2025' });

/** Replaces one base64url part of a token, e.g. to flip a bit of the ciphertext. */
function withPart(token: string, index: number, change: (bytes: Buffer) => Buffer): string {
  const parts = token.split(':');
  parts[index] = change(Buffer.from(parts[index] ?? '', 'base64url')).toString('base64url');
  return parts.join(':');
}
const flipFirstBit = (bytes: Buffer) => {
  const copy = Buffer.from(bytes);
  copy[0] = (copy[0] ?? 0) ^ 1;
  return copy;
};

describe('createFieldCipher', () => {
  it('round-trips text, including CJK and the empty string', () => {
    for (const plain of [ID_NUMBER, '张三 北京市朝阳区', ''])
      expect(cipher2024.decrypt(cipher2024.encrypt(plain))).toBe(plain);
  });

  it('writes enc:v1:<keyId>:<iv>:<data> with a fresh 12-byte IV per value', () => {
    const a = cipher2024.encrypt(ID_NUMBER);
    const b = cipher2024.encrypt(ID_NUMBER);
    expect(a).toMatch(/^enc:v1:k2024:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a.split(':')[3]).not.toBe(b.split(':')[3]);
    expect(a).not.toContain(ID_NUMBER);
  });

  it('follows the documented format exactly: AES-256-GCM, data||tag, AAD "enc:v1:<keyId>"', () => {
    const [, , keyId, iv, sealed] = GOLDEN.split(':') as [string, string, string, string, string];
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', KEY_2024, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`enc:v1:${keyId}`));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    expect(Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString()).toBe(
      ID_NUMBER,
    );
    expect(cipher2024.decrypt(GOLDEN)).toBe(ID_NUMBER);
  });

  it('rejects tampered ciphertext, tag, IV or key id with an error that does not contain the plaintext', () => {
    const token = rotated.encrypt(ID_NUMBER);
    const relabelled = token.replace(':k2025:', ':k2024:');
    const tampered = [
      withPart(token, 4, flipFirstBit),
      withPart(token, 4, (b) => {
        const c = Buffer.from(b);
        c[c.length - 1] = (c[c.length - 1] ?? 0) ^ 1;
        return c;
      }),
      withPart(token, 3, flipFirstBit),
      relabelled,
    ];
    for (const bad of tampered) {
      expect(() => rotated.decrypt(bad)).toThrow(/failed authentication/);
      try {
        rotated.decrypt(bad);
      } catch (error) {
        expect(String(error)).not.toContain(ID_NUMBER);
      }
    }
  });

  it('rejects an unknown key id and malformed tokens', () => {
    expect(() => cipher2024.decrypt(rotated.encrypt('x'))).toThrow('unknown key id "k2025"');
    for (const bad of [
      'plain',
      'enc:v1:k2024:abc',
      'enc:v2:k2024:OuMCQXuwCC3obyhm:AAAA',
      withPart(GOLDEN, 3, (b) => b.subarray(1)),
      'enc:v1:k2024:OuMCQXuwCC3obyhm:AAAA',
    ]) {
      expect(() => cipher2024.decrypt(bad)).toThrow(/malformed/);
    }
  });

  it('rotates: old tokens still decrypt, new ones use the active key, needsRotation finds the old ones', () => {
    expect(rotated.decrypt(GOLDEN)).toBe(ID_NUMBER);
    const fresh = rotated.encrypt(ID_NUMBER);
    expect(fresh.startsWith('enc:v1:k2025:')).toBe(true);
    expect(rotated.needsRotation(GOLDEN)).toBe(true);
    expect(rotated.needsRotation(fresh)).toBe(false);
    expect(rotated.needsRotation('plaintext')).toBe(true);
    expect(cipher2024.needsRotation(GOLDEN)).toBe(false);
  });

  it('seals raw bytes (an image) in the same token format: every byte value survives, text and bytes tokens are interchangeable', () => {
    const image = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x80, 0xfe]), randomBytes(4096)]);
    const token = rotated.encryptBytes(image);
    expect(token).toMatch(/^enc:v1:k2025:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(rotated.decryptBytes(token).equals(image)).toBe(true);
    expect(() => cipher2024.decryptBytes(token)).toThrow('unknown key id "k2025"');
    expect(() => rotated.decryptBytes(withPart(token, 4, flipFirstBit))).toThrow(/failed authentication/);
    expect(rotated.decryptBytes(GOLDEN).toString('utf8')).toBe(ID_NUMBER);
    expect(rotated.decrypt(rotated.encryptBytes(Buffer.from('张三', 'utf8')))).toBe('张三');
  });

  it('refuses a key ring with a wrong-size key, a bad key id or no active key', () => {
    expect(() => createFieldCipher({ keys: { k: randomBytes(16) }, activeKeyId: 'k' })).toThrow('must be 32 bytes');
    expect(() => createFieldCipher({ keys: { 'a:b': KEY_2024 }, activeKeyId: 'a:b' })).toThrow('key id');
    expect(() => createFieldCipher({ keys: { k: KEY_2024 }, activeKeyId: 'other' })).toThrow('not in the key ring');
  });
});

describe('encryptFields / decryptFields', () => {
  const row = { idCardNumber: ID_NUMBER, pics: ['a', 'b'], merchantName: '示例', accountNumber: null, count: 3 };
  const listed = ['idCardNumber', 'pics', 'accountNumber', 'missing'];

  it('encrypts only the listed fields (strings and string arrays) and decrypts them back', () => {
    const sealed = encryptFields(row, listed, rotated);
    expect(isEncryptedValue(sealed.idCardNumber)).toBe(true);
    expect(sealed.pics.every((p) => isEncryptedValue(p))).toBe(true);
    expect(sealed).toMatchObject({ merchantName: '示例', accountNumber: null, count: 3 });
    expect(sealed).not.toHaveProperty('missing');
    expect(row.idCardNumber).toBe(ID_NUMBER);
    expect(decryptFields(sealed, listed, rotated)).toEqual(row);
  });

  it('refuses to read a listed field that holds plaintext, naming the field but not the value', () => {
    expect(() => decryptFields(row, ['idCardNumber'], rotated)).toThrow('Field "idCardNumber" should be encrypted');
    try {
      decryptFields(row, ['idCardNumber'], rotated);
    } catch (error) {
      expect(String(error)).not.toContain(ID_NUMBER);
    }
  });
});
