import { AppError } from '@/server/errors';
import { parseFlatXml, xmlText, XmlFormatError, type XmlRecord } from '@/protocols/providerA/component/flat-xml';
import type { ParsedPushEvent } from '@/protocols/providerA/component/push-events';
import {
  decryptMessage,
  MsgCryptError,
  signaturesEqual,
  urlSignature,
} from '@/protocols/providerA/component/wx-biz-msg-crypt';

export type PushRejection =
  'malformed' | 'not_encrypted' | 'signature_mismatch' | 'appid_mismatch' | 'stale_timestamp' | 'replayed';

/**
 * An inbound push we refuse. The route answers with `status`; for `replayed` it may instead answer
 * `success` (WeChat retries pushes it thinks failed, and a duplicate was already handled).
 */
export class PushRejectedError extends AppError {
  constructor(
    readonly reason: PushRejection,
    message: string,
  ) {
    const code =
      reason === 'replayed'
        ? 'conflict'
        : reason === 'signature_mismatch' || reason === 'appid_mismatch'
          ? 'unauthenticated'
          : 'invalid_request';
    super(code, message);
    this.name = 'PushRejectedError';
  }
}

/** Default tolerance between the push's signed `timestamp` and our clock, either direction. */
export const PUSH_MAX_SKEW_SECONDS = 300;

export type ParsePushInput = {
  /** The raw POST body. */
  body: string | Uint8Array;
  /** The push URL's query (`timestamp`, `nonce`, `msg_signature`, `encrypt_type`, `signature`). */
  query: URLSearchParams | Record<string, string | undefined>;
  credentials: { token: string; encodingAesKey: string; componentAppId: string };
  now?: () => Date;
  /** Seconds a push's timestamp may differ from now; default 300. */
  maxSkewSeconds?: number;
  /**
   * Replay guard, called only for an authentic, fresh push: record the nonce and return true if it was
   * already recorded (e.g. INSERT … ON CONFLICT DO NOTHING on (nonce, timestamp), kept for 2× the window).
   */
  seenNonce?: (push: { nonce: string; timestamp: number; msgSignature: string }) => Promise<boolean>;
};

export type ParsedPush = {
  event: ParsedPushEvent;
  /** Outer envelope: `AppId` on the authorization-event URL, `ToUserName` on the message URL (C.2). */
  envelope: { appId?: string; toUserName?: string };
  timestamp: number;
  nonce: string;
};

function param(query: ParsePushInput['query'], name: string): string | undefined {
  const value = query instanceof URLSearchParams ? query.get(name) : query[name];
  return value === null || value === undefined || value === '' ? undefined : value;
}

function readXml(text: string, what: string): XmlRecord {
  try {
    return parseFlatXml(text);
  } catch (error) {
    throw new PushRejectedError(
      'malformed',
      `The ${what} is not a readable push document${error instanceof XmlFormatError ? `: ${error.message}` : '.'}`,
    );
  }
}

/**
 * Verifies and decrypts a component push (docs/upstream/providerA.md C.2): envelope → msg_signature (constant time, before
 * any decryption) → timestamp window → AES decrypt with the receive_id check → replay hook → typed event.
 */
export async function parseComponentPush(input: ParsePushInput): Promise<ParsedPush> {
  const text = typeof input.body === 'string' ? input.body : Buffer.from(input.body).toString('utf8');
  const envelope = readXml(text, 'body');
  const encrypt = xmlText(envelope, 'Encrypt');
  const timestamp = param(input.query, 'timestamp');
  const nonce = param(input.query, 'nonce');
  const msgSignature = param(input.query, 'msg_signature');
  if (param(input.query, 'encrypt_type') !== 'aes' || !encrypt || !msgSignature) {
    throw new PushRejectedError(
      'not_encrypted',
      'Only encrypted (encrypt_type=aes) pushes with msg_signature are accepted.',
    );
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !nonce)
    throw new PushRejectedError('malformed', 'The push query lacks timestamp or nonce.');

  const { token, encodingAesKey, componentAppId } = input.credentials;
  const signature = param(input.query, 'signature');
  if (signature !== undefined && !signaturesEqual(urlSignature(token, timestamp, nonce), signature)) {
    throw new PushRejectedError('signature_mismatch', 'The push signature does not match.');
  }
  let plaintext: string;
  try {
    plaintext = decryptMessage(
      { token, encodingAesKey, appId: componentAppId },
      { encrypt, msgSignature, timestamp, nonce },
    );
  } catch (error) {
    if (
      error instanceof MsgCryptError &&
      (error.reason === 'signature_mismatch' || error.reason === 'appid_mismatch')
    ) {
      throw new PushRejectedError(
        error.reason,
        error.reason === 'appid_mismatch'
          ? 'The push was encrypted for another component appid.'
          : 'The push msg_signature does not match.',
      );
    }
    throw new PushRejectedError('malformed', 'The push could not be decrypted.');
  }
  const ts = Number(timestamp);
  const nowSeconds = Math.floor((input.now?.() ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - ts) > (input.maxSkewSeconds ?? PUSH_MAX_SKEW_SECONDS)) {
    throw new PushRejectedError('stale_timestamp', 'The push timestamp is outside the accepted window.');
  }
  const outerAppId = xmlText(envelope, 'AppId');
  if (outerAppId !== undefined && outerAppId !== componentAppId)
    throw new PushRejectedError('appid_mismatch', 'The push envelope names another component appid.');

  const event = toEvent(readXml(plaintext, 'decrypted message'), componentAppId);
  if (input.seenNonce && (await input.seenNonce({ nonce, timestamp: ts, msgSignature: msgSignature.toLowerCase() }))) {
    throw new PushRejectedError('replayed', 'This push was already received.');
  }
  return { event, envelope: { appId: outerAppId, toUserName: xmlText(envelope, 'ToUserName') }, timestamp: ts, nonce };
}

function required(record: XmlRecord, name: string): string {
  const value = xmlText(record, name);
  if (value === undefined || value === '') throw new PushRejectedError('malformed', `The push lacks ${name}.`);
  return value;
}

function requiredNumber(record: XmlRecord, name: string): number {
  const value = Number(required(record, name));
  if (!Number.isSafeInteger(value)) throw new PushRejectedError('malformed', `The push's ${name} is not a number.`);
  return value;
}

function toEvent(record: XmlRecord, componentAppId: string): ParsedPushEvent {
  const infoType = xmlText(record, 'InfoType');
  if (infoType !== undefined) {
    if (required(record, 'AppId') !== componentAppId)
      throw new PushRejectedError('appid_mismatch', 'The push names another component appid.');
    const base = { componentAppId, createTime: requiredNumber(record, 'CreateTime') };
    switch (infoType) {
      case 'component_verify_ticket':
        return { type: infoType, ...base, ticket: required(record, 'ComponentVerifyTicket') };
      case 'authorized':
      case 'updateauthorized':
        return {
          type: infoType,
          ...base,
          authorizerAppId: required(record, 'AuthorizerAppid'),
          authorizationCode: required(record, 'AuthorizationCode'),
          authorizationCodeExpiredTime: requiredNumber(record, 'AuthorizationCodeExpiredTime'),
          preAuthCode: xmlText(record, 'PreAuthCode') ?? '',
        };
      case 'unauthorized':
        return { type: infoType, ...base, authorizerAppId: required(record, 'AuthorizerAppid') };
      default:
        return { type: 'ignored', name: infoType, createTime: base.createTime };
    }
  }
  const event = xmlText(record, 'Event') ?? xmlText(record, 'MsgType') ?? 'unknown';
  if (!event.startsWith('weapp_audit_')) return { type: 'ignored', name: event };
  const base = {
    toUserName: required(record, 'ToUserName'),
    fromUserName: xmlText(record, 'FromUserName') ?? '',
    createTime: requiredNumber(record, 'CreateTime'),
  };
  switch (event) {
    case 'weapp_audit_success':
      return { type: event, ...base, succTime: requiredNumber(record, 'SuccTime') };
    case 'weapp_audit_fail': {
      const screenshots = (xmlText(record, 'ScreenShot') ?? '').split('|').filter((id) => id !== '');
      return {
        type: event,
        ...base,
        failTime: requiredNumber(record, 'FailTime'),
        reason: xmlText(record, 'Reason') ?? '',
        screenshots,
      };
    }
    case 'weapp_audit_delay': {
      const reason = xmlText(record, 'Reason');
      return {
        type: event,
        ...base,
        delayTime: requiredNumber(record, 'DelayTime'),
        ...(reason !== undefined ? { reason } : {}),
      };
    }
    default:
      return { type: 'ignored', name: event, createTime: base.createTime };
  }
}
