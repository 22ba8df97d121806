import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { createProviderBGateway } from '@/server/providers/providerB/gateway/gateway-client';
import { fixture, TV7E } from '../../../../../support/providerB-fixtures';
import { buildAppAuthUrl, parseAppAuthUrl } from '@/protocols/providerB/mini/auth-url';
import { parseMiniAuditMessage } from '@/server/providers/providerB/mini/audit-message';
import { maskedLogonIdMatches } from '@/server/providers/providerB/mini/members';
import { createProviderBMiniClient } from '@/server/providers/providerB/mini/mini-client';
import {
  compareAppVersions,
  miniAuditId,
  miniAuditOutcome,
  miniVersionStatus,
  parseMiniAuditId,
} from '@/protocols/providerB/mini/version-status';

const EMU_PUB = fixture('app_2014060600164699_rsa2_public_key_no_wrapper.pem');
const ALIPAY_PUB = fixture('alipay-public-key.pem');

/** TV-7b, a detail.query response signed by the emulator key. */
const TV7B =
  '{"alipay_open_mini_version_detail_query_response":{"code":"10000","msg":"Success","app_version":"0.0.1","status":"AUDITING","version_desc":"demo"},"sign":"nxRVXYnVSD0L6jCzxow0Cqg6ZE+Nm40iOS0PyJptpzo+NZ+Ogx+++zFMjJq9Gom1CBpUWezULqXAheLyNhKeMNSm5yGFgci1+/0G1dEPYl5rrubzqG35Edj+HZ2RKxeqmPKrt/efNpfAV16VUrY6MZBcisnM+hTYAntyiZIjofGxNR+YjaKUdia5k8feJ+6EhCVY2pKiH7iaB8rhRSZ11ttHw70yed8fmw4+/wohnqITXjMNXfWJ0YEDziB8Ke2Kb5gpasiNPoShjGYmLhtUE/JGkWUISa+7bLsPhmsNPBgZGdXj4xEeurfJERBJUJP3R6tS906mKoQzX1mVxw4Irg=="}';

const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  return undefined;
};

describe('audit message (C.10) against TV-7e', () => {
  it('verifies and reads the published passed message', () => {
    const message = parseMiniAuditMessage(new URLSearchParams(TV7E).toString(), EMU_PUB);
    expect(message).toMatchObject({
      outcome: 'approved',
      authAppId: '2021004100000001',
      appVersion: '0.0.1',
      auditId: '2021004100000001:0.0.1',
      notifyId: TV7E.notify_id,
      receiverAppId: '2021000122671080',
    });
    expect(message.reason).toBeUndefined();
  });

  it('refuses a tampered body, a wrong key and a missing signature', () => {
    const tampered = { ...TV7E, biz_content: TV7E.biz_content!.replace('0.0.1', '0.0.2') };
    expect(thrown(() => parseMiniAuditMessage(new URLSearchParams(tampered), EMU_PUB))?.code).toBe('invalid_request');
    expect(thrown(() => parseMiniAuditMessage(new URLSearchParams(TV7E), ALIPAY_PUB))?.code).toBe('invalid_request');
    const { sign: _sign, ...unsigned } = TV7E;
    expect(thrown(() => parseMiniAuditMessage(new URLSearchParams(unsigned), EMU_PUB))?.message).toMatch(/signature/);
  });

  it('the client refuses a verified message addressed to another ISV app', () => {
    const gateway = createProviderBGateway({
      baseUrl: 'http://127.0.0.1:9/gateway.do',
      appId: '2021000000000009',
      appPrivateKeyPem: fixture('app-private-key.pem'),
      alipayPublicKeyPem: EMU_PUB,
    });
    const error = thrown(() => createProviderBMiniClient(gateway).parseMiniAuditMessage(new URLSearchParams(TV7E)));
    expect(error?.message).toMatch(/another app/);
  });
});

describe('version detail against TV-7b', () => {
  it('reads the published signed response as a pending version', async () => {
    const gateway = createProviderBGateway({
      baseUrl: 'http://127.0.0.1:9/gateway.do',
      appId: '2021000122671080',
      appPrivateKeyPem: fixture('app-private-key.pem'),
      alipayPublicKeyPem: EMU_PUB,
      fetch: async () => new Response(TV7B, { status: 200 }),
    });
    const detail = await createProviderBMiniClient(gateway).versionDetail({
      appAuthToken: '202007BBbf2c01e84b464234910c43ff65c54X09',
      appVersion: '0.0.1',
    });
    expect(detail).toMatchObject({
      appVersion: '0.0.1',
      status: 'pending',
      upstreamStatus: 'AUDITING',
      versionDesc: 'demo',
    });
  });
});

describe('authorization links (B.1)', () => {
  const input = { appId: '2021000122671080', redirectUri: 'https://isv.example.com/cb?x=1', state: 'c3RhdGU' };

  it('builds the 指定应用授权 link with state inside bizData, and reads it back', () => {
    const url = buildAppAuthUrl(input);
    expect(url.startsWith('https://b.alipay.com/page/message/tasksDetail?bizData=')).toBe(true);
    const bizData = JSON.parse(new URL(url).searchParams.get('bizData')!);
    expect(bizData).toEqual({
      platformCode: 'O',
      taskType: 'INTERFACE_AUTH',
      agentOpParam: {
        redirectUri: input.redirectUri,
        appTypes: ['TINYAPP'],
        isvAppId: input.appId,
        state: input.state,
      },
    });
    expect(parseAppAuthUrl(url)).toEqual({
      isvAppId: input.appId,
      redirectUri: input.redirectUri,
      state: input.state,
      appTypes: ['TINYAPP'],
    });
  });

  it('builds the legacy link on a configurable host', () => {
    const url = buildAppAuthUrl(input, {
      style: 'legacy',
      authBaseUrl: 'http://127.0.0.1:3000/sandbox/providerB/oauth2/appToAppAuth.htm',
    });
    const parsed = new URL(url);
    expect(parsed.pathname).toBe('/sandbox/providerB/oauth2/appToAppAuth.htm');
    expect(parsed.searchParams.get('redirect_uri')).toBe(input.redirectUri);
    expect(parseAppAuthUrl(url)).toMatchObject({
      isvAppId: input.appId,
      redirectUri: input.redirectUri,
      state: input.state,
    });
    expect(thrown(() => parseAppAuthUrl('https://b.alipay.com/page/message/tasksDetail?bizData=%7B%7D'))?.code).toBe(
      'invalid_request',
    );
  });
});

describe('status and id helpers', () => {
  it('maps every documented upstream status', () => {
    const cases: [string, string][] = [
      ['INIT', 'development'],
      ['AUDITING', 'pending'],
      ['AUDIT_REJECT', 'rejected'],
      ['WAIT_RELEASE', 'approved'],
      ['BASE_AUDIT_PASS', 'approved'],
      ['GRAY', 'gray'],
      ['RELEASE', 'released'],
      ['OFFLINE', 'offline'],
      ['AUDIT_OFFLINE', 'offline'],
      ['NEW_THING', 'unknown'],
    ];
    for (const [upstream, ours] of cases) expect(miniVersionStatus(upstream)).toBe(ours);
    expect(miniVersionStatus('PROMOTE_AUDIT_REJECT', false)).toBe('rejected');
    expect(miniAuditOutcome('released')).toBe('approved');
    expect(miniAuditOutcome('development')).toBeUndefined();
  });

  it('audit ids round-trip and versions compare numerically', () => {
    expect(parseMiniAuditId(miniAuditId('2021004100000001', '1.10.0'))).toEqual({
      authAppId: '2021004100000001',
      appVersion: '1.10.0',
    });
    expect(thrown(() => parseMiniAuditId('wx123:1'))?.code).toBe('invalid_request');
    expect(compareAppVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareAppVersions('1.0.0', '1.0.0')).toBe(0);
  });

  it('matches masked logon ids', () => {
    expect(maskedLogonIdMatches('138******00', '13800138000')).toBe(true);
    expect(maskedLogonIdMatches('138******00', '13900138000')).toBe(false);
    expect(maskedLogonIdMatches('ops***@example.com', 'ops.team@example.com')).toBe(true);
    expect(maskedLogonIdMatches('ops***@example.com', 'ops.team@example.org')).toBe(false);
  });
});
