import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import {
  createProviderBGateway,
  loadPrivateKey,
  loadPublicKey,
  ProviderBResponseVerificationError,
  verifyGatewayResponse,
} from '@/server/providers/providerB';
import { listZftOrders } from '@/sandbox/providerB/index';
import { completeFormData, startProviderBSandbox, type SandboxHarness } from '../../../../support/providerB-sandbox';
import { signedGatewayResponse } from '@/sandbox/providerB/gateway/envelope';

let sandbox: SandboxHarness;
beforeAll(async () => {
  sandbox = await startProviderBSandbox();
});
afterAll(() => sandbox.close());

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as AppError,
  );
const QUERY = 'ant.merchant.expand.indirect.zftorder.query';

/** Raw signed form POST, as any SDK would send it, to look at the sandbox's exact answer. */
async function rawCall(params: Record<string, string>) {
  const response = await fetch(sandbox.gatewayUrl, { method: 'POST', body: new URLSearchParams(params) });
  return { status: response.status, text: await response.text() };
}

describe('sandbox gateway envelope', () => {
  it('reproduces TV-7b byte for byte', async () => {
    const response = signedGatewayResponse(
      'alipay_open_mini_version_detail_query_response',
      { code: '10000', msg: 'Success', app_version: '0.0.1', status: 'AUDITING', version_desc: 'demo' },
      loadPrivateKey(sandbox.keys.alipayPrivateKeyPem),
    );
    expect(await response.text()).toBe(
      '{"alipay_open_mini_version_detail_query_response":{"code":"10000","msg":"Success","app_version":"0.0.1","status":"AUDITING","version_desc":"demo"},"sign":"nxRVXYnVSD0L6jCzxow0Cqg6ZE+Nm40iOS0PyJptpzo+NZ+Ogx+++zFMjJq9Gom1CBpUWezULqXAheLyNhKeMNSm5yGFgci1+/0G1dEPYl5rrubzqG35Edj+HZ2RKxeqmPKrt/efNpfAV16VUrY6MZBcisnM+hTYAntyiZIjofGxNR+YjaKUdia5k8feJ+6EhCVY2pKiH7iaB8rhRSZ11ttHw70yed8fmw4+/wohnqITXjMNXfWJ0YEDziB8Ke2Kb5gpasiNPoShjGYmLhtUE/JGkWUISa+7bLsPhmsNPBgZGdXj4xEeurfJERBJUJP3R6tS906mKoQzX1mVxw4Irg=="}',
    );
  });
});

describe('sandbox gateway request checks', () => {
  it('answers a wrongly signed request with the signed isv.invalid-signature shape', async () => {
    const wrongKey = sandbox.keys.alipayPrivateKeyPem; // any key but the app's
    const capture: { text?: string } = {};
    const client = sandbox.client({
      appPrivateKeyPem: wrongKey,
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        capture.text = await response.clone().text();
        return response;
      },
    });
    const error = await rejection(client.queryZftApplication({ orderId: '1' }));
    expect(error?.code).toBe('upstream_unavailable');
    expect(error?.message).toContain('isv.invalid-signature');

    const verified = verifyGatewayResponse(capture.text!, QUERY, loadPublicKey(sandbox.keys.alipayPublicKeyPem));
    expect(verified.signed).toBe(true);
    expect(verified.responseKey).toBe('ant_merchant_expand_indirect_zftorder_query_response');
    expect(verified.payload).toMatchObject({
      code: '40002',
      msg: 'Invalid Arguments',
      sub_code: 'isv.invalid-signature',
    });
    expect(String(verified.payload.sub_msg)).toMatch(
      /^验签出错.*app_id=2021000122671080&amp;charset=utf-8&amp;format=JSON&amp;method=ant\.merchant.*&amp;version=1\.0$/,
    );
    expect(String(verified.payload.sub_msg)).not.toContain('biz_content');
  });

  it('checks public parameters in the gateway order', async () => {
    const base = {
      app_id: sandbox.keys.appId,
      method: QUERY,
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2024-05-13 17:49:20',
      version: '1.0',
      sign: 'x',
    };
    const payloadOf = (text: string) => Object.values(JSON.parse(text) as Record<string, Record<string, string>>)[0]!;
    expect(payloadOf((await rawCall({ ...base, app_id: '2021000000000000' })).text)).toMatchObject({
      code: '40002',
      sub_code: 'isv.invalid-app-id',
    });
    expect(payloadOf((await rawCall({ ...base, sign: '' })).text)).toMatchObject({
      code: '40001',
      sub_code: 'isv.missing-signature',
    });
    expect(payloadOf((await rawCall({ ...base, timestamp: '2024/05/13' })).text)).toMatchObject({
      sub_code: 'isv.invalid-timestamp',
    });
    const unknown = await rawCall({ ...base, method: 'no.such.method' });
    // The gateway's own refusal before routing: error_response, and unsigned.
    expect(JSON.parse(unknown.text)).toEqual({
      error_response: {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-method',
        sub_msg: '不存在的方法名',
      },
    });
    expect((await fetch(sandbox.gatewayUrl)).status).toBe(405);
  });
});

describe('sandbox gateway timestamp window', () => {
  const minutes = (n: number) => () => new Date(Date.now() + n * 60_000);

  it('refuses a timestamp more than 15 minutes off the gateway clock, either way, signed under the method key', async () => {
    for (const skew of [-16, 16]) {
      const capture: { text?: string } = {};
      const client = sandbox.client({
        now: minutes(skew),
        fetch: async (url, init) => {
          const response = await fetch(url, init);
          capture.text = await response.clone().text();
          return response;
        },
      });
      const error = await rejection(client.queryZftApplication({ orderId: '1' }));
      expect(error?.message).toContain('isv.invalid-timestamp');
      const verified = verifyGatewayResponse(capture.text!, QUERY, loadPublicKey(sandbox.keys.alipayPublicKeyPem));
      expect(verified).toMatchObject({ signed: true, payload: { code: '40002', sub_msg: '非法的时间戳参数' } });
    }
  });

  it('accepts a clock a few minutes off', async () => {
    const created = await sandbox
      .client({ now: minutes(-10) })
      .createZftApplication({ externalId: 'sm_clock_skew', formData: await completeFormData(sandbox.client()) });
    expect(created.orderId).toBeTruthy();
  });
});

describe('client response verification', () => {
  it('refuses a tampered response', async () => {
    const client = sandbox.client({
      fetch: async (url, init) => {
        const text = await (await fetch(url, init)).text();
        return new Response(text.replace(/"order_id":"(\d)/, '"order_id":"9$1'), { status: 200 });
      },
    });
    const error = await rejection(
      client.createZftApplication({ externalId: 'sm_tampered', formData: await completeFormData(sandbox.client()) }),
    );
    expect(error?.code).toBe('upstream_unavailable');
    expect(error?.options.cause).toBeInstanceOf(ProviderBResponseVerificationError);
  });

  it('refuses an unsigned success', async () => {
    const client = sandbox.client({
      fetch: async (url, init) => {
        const text = await (await fetch(url, init)).text();
        return new Response(text.replace(/,"sign":"[^"]+"/, ''), { status: 200 });
      },
    });
    const error = await rejection(client.queryZftApplication({ externalId: 'anything' }));
    expect(error?.code).toBe('upstream_unavailable');
    expect(error?.message).toMatch(/not signed/);
  });
});

describe('client retries and failure mapping', () => {
  it('two HTTP 500s (after the request reached the sandbox) then success → exactly one order', async () => {
    const formData = await completeFormData(sandbox.client());
    let calls = 0;
    const client = sandbox.client({
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        return ++calls <= 2 ? new Response('Internal Server Error', { status: 500 }) : response;
      },
    });
    const { orderId, replayed } = await client.createZftApplication({ externalId: 'sm_retry', formData });
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(replayed).toBe(true);
    const orders = (await listZftOrders(sandbox.store)).filter((o) => o.externalId === 'sm_retry');
    expect(orders.map((o) => o.orderId)).toEqual([orderId]);
  });

  it('two HTTP 500s before the request reaches the sandbox, then success → exactly one order', async () => {
    const formData = await completeFormData(sandbox.client());
    let calls = 0;
    const client = sandbox.client({
      fetch: async (url, init) =>
        ++calls <= 2 ? new Response('Internal Server Error', { status: 500 }) : fetch(url, init),
    });
    const { orderId, replayed } = await client.createZftApplication({ externalId: 'sm_retry_early', formData });
    expect([calls, replayed]).toEqual([3, false]);
    expect(
      (await listZftOrders(sandbox.store)).filter((o) => o.externalId === 'sm_retry_early').map((o) => o.orderId),
    ).toEqual([orderId]);
  });

  it('gives up with upstream_unavailable after the configured attempts', async () => {
    let calls = 0;
    const client = sandbox.client({
      retry: { attempts: 3, baseDelayMs: 1 },
      fetch: async () => (++calls, new Response('down', { status: 503 })),
    });
    const error = await rejection(client.queryZftApplication({ orderId: '1' }));
    expect(error?.code).toBe('upstream_unavailable');
    expect(calls).toBe(3);
  });

  it('retries a signed 20000 isp.* answer, then succeeds', async () => {
    let calls = 0;
    const alipayKey = loadPrivateKey(sandbox.keys.alipayPrivateKeyPem);
    const client = sandbox.client({
      fetch: async (url, init) =>
        ++calls === 1
          ? signedGatewayResponse(
              'ant_merchant_expand_indirect_zftorder_query_response',
              {
                code: '20000',
                msg: 'Service Currently Unavailable',
                sub_code: 'isp.unknow-error',
                sub_msg: '系统繁忙',
              },
              alipayKey,
            )
          : fetch(url, init),
    });
    const error = await rejection(client.queryZftApplication({ orderId: 'none' }));
    expect(calls).toBe(2);
    expect(error?.code).toBe('not_found'); // the second, real answer: no such order
  });

  it('maps a timeout to upstream_timeout and HTTP 429 to rate_limited', async () => {
    const slow = sandbox.client({
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    expect((await rejection(slow.queryZftApplication({ orderId: '1' })))?.code).toBe('upstream_timeout');
    const throttled = sandbox.client({
      fetch: async () => new Response('', { status: 429, headers: { 'retry-after': '7' } }),
    });
    const error = await rejection(throttled.queryZftApplication({ orderId: '1' }));
    expect(error?.code).toBe('rate_limited');
    expect(error?.options.retryAfterSeconds).toBe(7);
  });

  it('works through the generic gateway with a raw call', async () => {
    const gateway = createProviderBGateway({
      baseUrl: sandbox.gatewayUrl,
      appId: sandbox.keys.appId,
      appPrivateKeyPem: sandbox.keys.appPrivateKeyPem,
      alipayPublicKeyPem: sandbox.keys.alipayPublicKeyPem,
    });
    expect(await gateway.call(QUERY, { external_id: 'nobody' })).toEqual({ code: '10000', msg: 'Success', orders: [] });
  });
});
