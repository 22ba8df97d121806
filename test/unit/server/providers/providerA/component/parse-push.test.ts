import { describe, expect, it } from 'vitest';
import { fixtureComponentCredentials } from '../../../../../support/fixture-keys';
import { buildPush, createProviderAComponentSandboxConfig } from '@/sandbox/providerA/component';
import { parseFlatXml, buildFlatXml } from '@/protocols/providerA/component/flat-xml';
import {
  parseComponentPush,
  PushRejectedError,
  type ParsePushInput,
} from '@/server/providers/providerA/component/parse-push';
import type { ComponentPushEvent } from '@/protocols/providerA/component/push-events';

const config = createProviderAComponentSandboxConfig(fixtureComponentCredentials);
const credentials = {
  token: config.token,
  encodingAesKey: config.encodingAesKey,
  componentAppId: config.componentAppId,
};
const at = (seconds: number) => () => new Date(seconds * 1000);
const T = 1_772_438_400;

const events: ComponentPushEvent[] = [
  { type: 'component_verify_ticket', componentAppId: config.componentAppId, createTime: T, ticket: 'ticket@@@abc' },
  {
    type: 'authorized',
    componentAppId: config.componentAppId,
    createTime: T,
    authorizerAppId: 'wx0123456789abcdef',
    authorizationCode: 'queryauthcode@@@x',
    authorizationCodeExpiredTime: T + 3600,
    preAuthCode: 'preauthcode@@@y',
  },
  {
    type: 'updateauthorized',
    componentAppId: config.componentAppId,
    createTime: T,
    authorizerAppId: 'wx0123456789abcdef',
    authorizationCode: 'queryauthcode@@@z',
    authorizationCodeExpiredTime: T + 3600,
    preAuthCode: 'preauthcode@@@w',
  },
  { type: 'unauthorized', componentAppId: config.componentAppId, createTime: T, authorizerAppId: 'wx0123456789abcdef' },
  {
    type: 'weapp_audit_success',
    toUserName: 'gh_fb9688c2a4b2',
    fromUserName: 'od1P50M-fNQI5Gcq-trm4a7apsU8',
    createTime: T,
    succTime: T,
  },
  {
    type: 'weapp_audit_fail',
    toUserName: 'gh_fb9688c2a4b2',
    fromUserName: 'od1P50M',
    createTime: T,
    failTime: T,
    reason: '1:bad category<br>2:]]> tricky',
    screenshots: ['m1', 'm2'],
  },
  {
    type: 'weapp_audit_delay',
    toUserName: 'gh_fb9688c2a4b2',
    fromUserName: 'od1P50M',
    createTime: T,
    delayTime: T,
    reason: 'needs more time',
  },
];

function input(push: ReturnType<typeof buildPush>, extra: Partial<ParsePushInput> = {}): ParsePushInput {
  return { body: push.body, query: new URLSearchParams(push.query), credentials, now: at(T), ...extra };
}

describe('parseComponentPush', () => {
  it('reads the derived TV-9 D4 ticket push (TV-5 credentials, fixed random) as the sandbox builds it', async () => {
    const event: ComponentPushEvent = {
      type: 'component_verify_ticket',
      componentAppId: 'wxb11529c136998cb6',
      createTime: 1413192605,
      ticket: 'ticket@@@test',
    };
    const push = buildPush(config, event, {
      timestamp: '1413192605',
      nonce: 'xxxxxx',
      random: Buffer.from('aaaabbbbccccdddd'),
    });
    expect(push.query.msg_signature).toBe('56f538ae9dd5338f82dd78a9b369506bf4402841');
    expect(parseFlatXml(push.body).Encrypt).toMatch(/^jn1L23DB\+6ELqJ\+6bruv2yHmq6mx9/);
    const parsed = await parseComponentPush(input(push, { now: at(1413192605) }));
    expect(parsed.event).toEqual(event);
    expect(parsed.envelope.appId).toBe('wxb11529c136998cb6');
  });

  it.each(events.map((e) => [e.type, e] as const))('round-trips %s from the emulator', async (_type, event) => {
    const push = buildPush(config, event, { now: at(T) });
    expect(push.target).toBe(event.type.startsWith('weapp_') ? 'message' : 'authorization');
    const parsed = await parseComponentPush(input(push));
    expect(parsed.event).toEqual(event);
    if (push.target === 'message') expect(parsed.envelope.toUserName).toBe('gh_fb9688c2a4b2');
  });

  it('refuses a push with one character of Encrypt changed', async () => {
    const push = buildPush(config, events[0]!, { now: at(T) });
    const encrypt = parseFlatXml(push.body).Encrypt as string;
    const tampered = {
      ...push,
      body: buildFlatXml({
        AppId: config.componentAppId,
        Encrypt: `${encrypt.slice(0, 20)}${encrypt[20] === 'A' ? 'B' : 'A'}${encrypt.slice(21)}`,
      }),
    };
    await expect(parseComponentPush(input(tampered))).rejects.toMatchObject({
      reason: 'signature_mismatch',
      status: 401,
    });
  });

  it('refuses a tampered msg_signature, and a tampered signature', async () => {
    const push = buildPush(config, events[0]!, { now: at(T) });
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith('0') ? '1' : '0'}`;
    await expect(
      parseComponentPush(input({ ...push, query: { ...push.query, msg_signature: flip(push.query.msg_signature) } })),
    ).rejects.toMatchObject({ reason: 'signature_mismatch' });
    await expect(
      parseComponentPush(input({ ...push, query: { ...push.query, signature: flip(push.query.signature) } })),
    ).rejects.toMatchObject({ reason: 'signature_mismatch' });
  });

  it('refuses a correctly signed push encrypted for another component appid', async () => {
    const other = { ...config, componentAppId: 'wx00000000000000ff' };
    const push = buildPush(other, { ...events[4]! }, { now: at(T) });
    await expect(parseComponentPush(input(push))).rejects.toMatchObject({ reason: 'appid_mismatch', status: 401 });
  });

  it('refuses a push outside the 300-second window, either direction', async () => {
    const push = buildPush(config, events[0]!, { now: at(T) });
    await expect(parseComponentPush(input(push, { now: at(T + 301) }))).rejects.toMatchObject({
      reason: 'stale_timestamp',
    });
    await expect(parseComponentPush(input(push, { now: at(T - 301) }))).rejects.toMatchObject({
      reason: 'stale_timestamp',
    });
    await expect(parseComponentPush(input(push, { now: at(T + 300) }))).resolves.toMatchObject({
      nonce: push.query.nonce,
    });
  });

  it('refuses an exact replay through the seenNonce hook, and records only authentic pushes', async () => {
    const seen = new Set<string>();
    const seenNonce = async ({ nonce, timestamp }: { nonce: string; timestamp: number }) => {
      const key = `${timestamp}:${nonce}`;
      const before = seen.has(key);
      seen.add(key);
      return before;
    };
    const push = buildPush(config, events[4]!, { now: at(T) });
    await parseComponentPush(input(push, { seenNonce }));
    const replay = parseComponentPush(input(push, { seenNonce }));
    await expect(replay).rejects.toBeInstanceOf(PushRejectedError);
    await expect(parseComponentPush(input(push, { seenNonce }))).rejects.toMatchObject({
      reason: 'replayed',
      status: 409,
    });
    const forged = { ...push, query: { ...push.query, nonce: 'forged', msg_signature: '0'.repeat(40) } };
    await expect(parseComponentPush(input(forged, { seenNonce }))).rejects.toMatchObject({
      reason: 'signature_mismatch',
    });
    expect(seen.size).toBe(1);
  });

  it('refuses plaintext-mode pushes and documents that are not plain push XML', async () => {
    const push = buildPush(config, events[0]!, { now: at(T) });
    await expect(
      parseComponentPush(input({ ...push, query: { ...push.query, encrypt_type: 'raw' as 'aes' } })),
    ).rejects.toMatchObject({ reason: 'not_encrypted' });
    const doctype = `<!DOCTYPE xml [<!ENTITY x SYSTEM "file:///etc/passwd">]>${push.body}`;
    await expect(parseComponentPush(input({ ...push, body: doctype }))).rejects.toMatchObject({ reason: 'malformed' });
    await expect(
      parseComponentPush(input({ ...push, body: '<xml><Encrypt a="1">x</Encrypt></xml>' })),
    ).rejects.toMatchObject({ reason: 'malformed' });
  });

  it('acknowledges InfoTypes it does not act on as ignored', async () => {
    const { encryptMessage } = await import('@/protocols/providerA/component/wx-biz-msg-crypt');
    const xml = `<xml><AppId><![CDATA[${config.componentAppId}]]></AppId><CreateTime>${T}</CreateTime><InfoType><![CDATA[notify_third_fasteregister]]></InfoType><appid><![CDATA[wx1]]></appid><info><name><![CDATA[n]]></name></info></xml>`;
    const { encrypt, msgSignature } = encryptMessage(
      { token: config.token, encodingAesKey: config.encodingAesKey, appId: config.componentAppId },
      xml,
      { timestamp: String(T), nonce: '42' },
    );
    const parsed = await parseComponentPush({
      body: buildFlatXml({ AppId: config.componentAppId, Encrypt: encrypt }),
      query: { timestamp: String(T), nonce: '42', msg_signature: msgSignature, encrypt_type: 'aes' },
      credentials,
      now: at(T),
    });
    expect(parsed.event).toEqual({ type: 'ignored', name: 'notify_third_fasteregister', createTime: T });
  });
});

describe('flat XML reader', () => {
  it('reads CDATA, text entities and nesting, and splits "]]>" safely when writing', () => {
    expect(
      parseFlatXml(
        '<?xml version="1.0"?>\n<xml>\n<A><![CDATA[x]]]]><![CDATA[>y]]></A>\n<B>1 &lt; 2 &#x4e2d;</B><C/><D><E>e</E></D></xml>',
      ),
    ).toEqual({ A: 'x]]>y', B: '1 < 2 中', C: '', D: { E: 'e' } });
    expect(parseFlatXml(buildFlatXml({ R: 'a]]>b', N: 7 }))).toEqual({ R: 'a]]>b', N: '7' });
  });

  it('refuses unclosed elements, unknown entities, other roots and trailing content', () => {
    for (const bad of [
      '<xml><A>x</xml>',
      '<xml><A>&foo;</A></xml>',
      '<root><A>x</A></root>',
      '<xml><A>x</A></xml><xml></xml>',
      '<xml><A>x</B></xml>',
    ]) {
      expect(() => parseFlatXml(bad)).toThrow();
    }
  });
});
