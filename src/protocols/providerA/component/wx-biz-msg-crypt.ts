import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * WeChat's message encryption for third-party-platform pushes (WXBizMsgCrypt, docs/upstream/providerA.md C.2).
 * AES-256-CBC, key = base64(EncodingAESKey + '='), IV = first 16 key bytes, PKCS#7 padded to 32-byte blocks,
 * plaintext = random(16) ‖ msg_len(4, big-endian) ‖ msg ‖ receive_id (the component appid).
 */
export type MsgCryptCredentials = {
  /** The message Token configured on the platform. */
  token: string;
  /** The 43-character EncodingAESKey. */
  encodingAesKey: string;
  /** receive_id: the component appid every ciphertext must end with. */
  appId: string;
};

export type MsgCryptFailure = 'invalid_key' | 'signature_mismatch' | 'invalid_ciphertext' | 'appid_mismatch';

export class MsgCryptError extends Error {
  constructor(
    readonly reason: MsgCryptFailure,
    message: string,
  ) {
    super(message);
    this.name = 'MsgCryptError';
  }
}

const BLOCK = 32;

export function aesKeyFromEncodingAesKey(encodingAesKey: string): Buffer {
  if (!/^[A-Za-z0-9+/]{43}$/.test(encodingAesKey)) {
    throw new MsgCryptError('invalid_key', 'EncodingAESKey must be 43 base64 characters.');
  }
  return Buffer.from(`${encodingAesKey}=`, 'base64');
}

/** hex(sha1(concat(sort(parts)))): the shape of both `signature` and `msg_signature`. */
function sortedSha1(parts: string[]): string {
  // Default sort compares UTF-16 code units, as the reference SDKs' string sorts do.
  return createHash('sha1')
    .update([...parts].sort().join(''), 'utf8')
    .digest('hex');
}

/** The query `signature` of URL verification and of every push (TV-7). */
export function urlSignature(token: string, timestamp: string, nonce: string): string {
  return sortedSha1([token, timestamp, nonce]);
}

/** The query `msg_signature` of an encrypted push (TV-5, TV-6). */
export function msgSignature(token: string, timestamp: string, nonce: string, encrypt: string): string {
  return sortedSha1([token, timestamp, nonce, encrypt]);
}

/** Byte-exact comparison whose time does not depend on where the strings differ. */
export function constantTimeEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Constant-time comparison of two hex signatures (case-insensitive, as the SDKs lower-case them). */
export function signaturesEqual(expected: string, received: string): boolean {
  return constantTimeEqual(expected.toLowerCase(), received.toLowerCase());
}

/** Encrypts `message` and signs the ciphertext; `random` is fixed only by tests (TV-5/TV-6). */
export function encryptMessage(
  credentials: MsgCryptCredentials,
  message: string,
  options: { timestamp: string; nonce: string; random?: Buffer },
): { encrypt: string; msgSignature: string } {
  const key = aesKeyFromEncodingAesKey(credentials.encodingAesKey);
  const random = options.random ?? randomBytes(16);
  if (random.length !== 16) throw new MsgCryptError('invalid_key', 'The random prefix must be 16 bytes.');
  const body = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length, 0);
  const plain = Buffer.concat([random, length, body, Buffer.from(credentials.appId, 'utf8')]);
  const pad = BLOCK - (plain.length % BLOCK);
  const padded = Buffer.concat([plain, Buffer.alloc(pad, pad)]);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
  const encrypt = Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
  return { encrypt, msgSignature: msgSignature(credentials.token, options.timestamp, options.nonce, encrypt) };
}

/**
 * Verifies `msg_signature` BEFORE decrypting, then decrypts and checks that the trailing receive_id is our
 * component appid (WxJava skips that check; we do not: a ciphertext for another platform is not ours).
 */
export function decryptMessage(
  credentials: MsgCryptCredentials,
  input: { encrypt: string; msgSignature: string; timestamp: string; nonce: string },
): string {
  const expected = msgSignature(credentials.token, input.timestamp, input.nonce, input.encrypt);
  if (!signaturesEqual(expected, input.msgSignature)) {
    throw new MsgCryptError('signature_mismatch', 'msg_signature does not match the message.');
  }
  const { message, receiveId } = decryptPayload(credentials.encodingAesKey, input.encrypt);
  if (!constantTimeEqual(credentials.appId, receiveId)) {
    throw new MsgCryptError('appid_mismatch', 'The message was encrypted for another appid.');
  }
  return message;
}

/** Decrypts without any check; exported for diagnostics and the vectors, never for handling pushes. */
export function decryptPayload(encodingAesKey: string, encrypt: string): { message: string; receiveId: string } {
  const key = aesKeyFromEncodingAesKey(encodingAesKey);
  const ciphertext = Buffer.from(encrypt, 'base64');
  if (ciphertext.length === 0 || ciphertext.length % 16 !== 0) {
    throw new MsgCryptError('invalid_ciphertext', 'Encrypt is not a whole number of AES blocks.');
  }
  let padded: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
    padded = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new MsgCryptError('invalid_ciphertext', 'Encrypt could not be decrypted.');
  }
  const last = padded[padded.length - 1] ?? 0;
  // The reference decoder treats an out-of-range pad byte as "no padding".
  const plain = padded.subarray(0, padded.length - (last >= 1 && last <= BLOCK ? last : 0));
  if (plain.length < 20) throw new MsgCryptError('invalid_ciphertext', 'Decrypted message is too short.');
  const length = plain.readUInt32BE(16);
  if (20 + length > plain.length)
    throw new MsgCryptError('invalid_ciphertext', 'Decrypted length prefix is out of range.');
  return {
    message: plain.subarray(20, 20 + length).toString('utf8'),
    receiveId: plain.subarray(20 + length).toString('utf8'),
  };
}
