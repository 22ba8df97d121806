import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { createProviderBGateway } from '@/server/providers/providerB/gateway/gateway-client';
import { fixture } from '../../../../../support/providerB-fixtures';

// TV-7a request and TV-7b response (docs/upstream/providerB.md): the client must put exactly these bytes on the wire
// and accept exactly this signed answer.
const TV7A_SIGN =
  'X1uBdLeggOzO3RemqkPaCMWw7+b0NUNAW2ot93X7famQvZFuyWgSjbqC8BtoNFULSQMWuxEgr7xp/8fHMA2W5hDnvMpPf8NFI9RO1VfM5F2Q6a2pEJWP81PAosDmEuavhHablAOGxGKJ3J3b+t48RGrwwc+CJ+XKH3XjfADQNdU/s56W0IsMtb3c83EpU39XkztxJP/JFD656881gRiAy6aYn/JXV5Iz7raZk5PgaLPR7h3tGCLkWsu3mldImVmIRm3zYgnBIBFIqAOXwu4GYnXgtFWsaF0vhnlZuqnPaCUGN83BeKFDqAStGHAt91aIqkwO8opSUOlGswUcpbXiNw==';
const TV7B_BODY =
  '{"alipay_open_mini_version_detail_query_response":{"code":"10000","msg":"Success","app_version":"0.0.1","status":"AUDITING","version_desc":"demo"},"sign":"nxRVXYnVSD0L6jCzxow0Cqg6ZE+Nm40iOS0PyJptpzo+NZ+Ogx+++zFMjJq9Gom1CBpUWezULqXAheLyNhKeMNSm5yGFgci1+/0G1dEPYl5rrubzqG35Edj+HZ2RKxeqmPKrt/efNpfAV16VUrY6MZBcisnM+hTYAntyiZIjofGxNR+YjaKUdia5k8feJ+6EhCVY2pKiH7iaB8rhRSZ11ttHw70yed8fmw4+/wohnqITXjMNXfWJ0YEDziB8Ke2Kb5gpasiNPoShjGYmLhtUE/JGkWUISa+7bLsPhmsNPBgZGdXj4xEeurfJERBJUJP3R6tS906mKoQzX1mVxw4Irg=="}';

function gatewayAnswering(body: string, capture: { url?: string; body?: string }) {
  return createProviderBGateway({
    baseUrl: 'https://gateway.test/gateway.do',
    appId: '2021000122671080',
    appPrivateKeyPem: fixture('app-private-key.pem'),
    alipayPublicKeyPem: fixture('app_2014060600164699_rsa2_public_key_no_wrapper.pem'),
    now: () => new Date('2024-05-13T09:49:20Z'), // 17:49:20 in UTC+8
    retry: { attempts: 1 },
    fetch: async (url, init) => {
      capture.url = String(url);
      capture.body = String(init?.body);
      return new Response(body, { status: 200 });
    },
  });
}

describe('gateway client wire format', () => {
  it('signs TV-7a, puts public params in the query and biz_content in the body, accepts TV-7b', async () => {
    const capture: { url?: string; body?: string } = {};
    const payload = await gatewayAnswering(TV7B_BODY, capture).call(
      'alipay.open.mini.version.detail.query',
      { app_version: '0.0.1', bundle_id: 'com.alipay.alipaywallet' },
      { appAuthToken: '202007BBbf2c01e84b464234910c43ff65c54X09' },
    );
    expect(payload.status).toBe('AUDITING');
    const query = new URL(capture.url!).searchParams;
    expect(query.get('sign')).toBe(TV7A_SIGN);
    expect(query.get('timestamp')).toBe('2024-05-13 17:49:20');
    expect(query.get('biz_content')).toBeNull();
    expect(new URLSearchParams(capture.body).get('biz_content')).toBe(
      '{"app_version":"0.0.1","bundle_id":"com.alipay.alipaywallet"}',
    );
  });

  it('refuses a TV-7b body whose content was altered', async () => {
    const error = await gatewayAnswering(TV7B_BODY.replace('AUDITING', 'ONLINE'), {})
      .call('alipay.open.mini.version.detail.query', { app_version: '0.0.1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('upstream_unavailable');
    expect((error as AppError).message).toMatch(/verification/);
  });
});
