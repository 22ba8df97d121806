import { randomBytes, randomInt } from 'node:crypto';
import { buildFlatXml } from '@/protocols/providerA/component/flat-xml';
import {
  pushTarget,
  type ComponentPushEvent,
  type VerifyTicketEvent,
} from '@/protocols/providerA/component/push-events';
import { encryptMessage, urlSignature } from '@/protocols/providerA/component/wx-biz-msg-crypt';
import type { SandboxStore } from '@/sandbox/store';
import type { ProviderAComponentSandboxConfig } from './config';
import { KIND, randomToken, type Ticket } from './state';

/** A push as the upstream sends it: POST `body` to the target URL with `query` appended. */
export type BuiltPush = {
  /** authorization-event URL (tickets, authorization changes) or message URL (audit results), C.1. */
  target: 'authorization' | 'message';
  /** For message pushes: the authorizer appid WeChat substitutes for `$APPID$` in the message URL. */
  authorizerAppId?: string;
  query: { timestamp: string; nonce: string; msg_signature: string; encrypt_type: 'aes'; signature: string };
  body: string;
};

/** The decrypted XML, field order as in the upstream's documents (C.3, C.10, D.11). */
function innerXml(config: ProviderAComponentSandboxConfig, event: ComponentPushEvent): string {
  const component = { AppId: config.componentAppId, CreateTime: event.createTime };
  switch (event.type) {
    case 'component_verify_ticket':
      return buildFlatXml({ ...component, InfoType: event.type, ComponentVerifyTicket: event.ticket });
    case 'authorized':
    case 'updateauthorized':
      return buildFlatXml({
        ...component,
        InfoType: event.type,
        AuthorizerAppid: event.authorizerAppId,
        AuthorizationCode: event.authorizationCode,
        AuthorizationCodeExpiredTime: event.authorizationCodeExpiredTime,
        PreAuthCode: event.preAuthCode,
      });
    case 'unauthorized':
      return buildFlatXml({ ...component, InfoType: event.type, AuthorizerAppid: event.authorizerAppId });
    default: {
      const base = {
        ToUserName: event.toUserName,
        FromUserName: event.fromUserName,
        CreateTime: event.createTime,
        MsgType: 'event',
        Event: event.type,
      };
      if (event.type === 'weapp_audit_success') return buildFlatXml({ ...base, SuccTime: event.succTime });
      if (event.type === 'weapp_audit_fail')
        return buildFlatXml({
          ...base,
          Reason: event.reason,
          FailTime: event.failTime,
          ScreenShot: event.screenshots.join('|'),
        });
      return buildFlatXml({
        ...base,
        ...(event.reason !== undefined ? { Reason: event.reason } : {}),
        DelayTime: event.delayTime,
      });
    }
  }
}

/**
 * Encrypts an event exactly as WeChat pushes it (C.2): msg_signature over the ciphertext, `signature` over
 * token/timestamp/nonce, and the envelope of the target URL (`AppId` or `ToUserName` beside `Encrypt`).
 * `timestamp`, `nonce` and `random` are fixed only by tests.
 */
export function buildPush(
  config: ProviderAComponentSandboxConfig,
  event: ComponentPushEvent,
  options: { now?: () => Date; timestamp?: string; nonce?: string; random?: Buffer; authorizerAppId?: string } = {},
): BuiltPush {
  const timestamp = options.timestamp ?? String(Math.floor((options.now?.() ?? new Date()).getTime() / 1000));
  const nonce = options.nonce ?? String(randomInt(100_000_000, 2_000_000_000));
  const credentials = { token: config.token, encodingAesKey: config.encodingAesKey, appId: config.componentAppId };
  const { encrypt, msgSignature } = encryptMessage(credentials, innerXml(config, event), {
    timestamp,
    nonce,
    random: options.random ?? randomBytes(16),
  });
  const target = pushTarget(event);
  const envelope: Record<string, string> =
    target === 'message' && 'toUserName' in event
      ? { ToUserName: event.toUserName, Encrypt: encrypt }
      : { AppId: config.componentAppId, Encrypt: encrypt };
  return {
    target,
    ...(options.authorizerAppId ? { authorizerAppId: options.authorizerAppId } : {}),
    query: {
      timestamp,
      nonce,
      msg_signature: msgSignature,
      encrypt_type: 'aes',
      signature: urlSignature(config.token, timestamp, nonce),
    },
    body: buildFlatXml(envelope),
  };
}

/** Issues a fresh component_verify_ticket (valid 12 h, C.3) and returns the event to push. */
export async function issueVerifyTicket(
  store: SandboxStore,
  config: ProviderAComponentSandboxConfig,
  now: () => Date = () => new Date(),
): Promise<VerifyTicketEvent> {
  const ticket = `ticket@@@${randomToken(32)}`;
  const at = now().getTime();
  await store.put<Ticket>(KIND.ticket, ticket, { ticket, expiresAt: at + config.ttlSeconds.verifyTicket * 1000 });
  return {
    type: 'component_verify_ticket',
    componentAppId: config.componentAppId,
    createTime: Math.floor(at / 1000),
    ticket,
  };
}
