import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
/**
 * /metrics: closed unless METRICS_TOKEN is set, then only for that bearer token; the exposition parses as
 * Prometheus text and reports the shared state (sync lag, pending deliveries) read from the database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { resetEnvForTests } from '@/env';
import * as adminNotFound from '@/app/admin/[...path]/route';
import * as metricsRoute from '@/app/metrics/route';
import * as v1NotFound from '@/app/v1/[...path]/route';
import { eventDeliveries, events, subMerchants } from '@/server/db/schema';
import { createPlatform } from '@/server/services/platforms/create-platform';
import { metrics, requestLabels } from '@/server/metrics/registry';
import { loggedUpstreamFetch } from '@/server/upstreams/logged-fetch';
import { callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { serveOverHttp } from '../support/http-adapter';
import { httpMethods, type HttpMethod } from '../support/route-files';

const TOKEN = 'metrics-token-for-tests-0123456789';
type Family = { name: string; type: string; metrics: { value?: string; labels?: Record<string, string> }[] };
const scrape = (authorization?: string) =>
  callRoute(metricsRoute.GET, '/metrics', { headers: authorization ? { authorization } : {} });

describe('/metrics without METRICS_TOKEN', () => {
  it('is 404 problem+json, with or without a token', async () => {
    delete process.env.METRICS_TOKEN;
    resetEnvForTests();
    for (const response of [await scrape(), await scrape(`Bearer ${TOKEN}`)]) {
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
  });
});

describeEachDatabase('/metrics with METRICS_TOKEN', (database) => {
  const db = () => database().db;
  beforeAll(async () => {
    process.env.METRICS_TOKEN = TOKEN;
    resetEnvForTests();
    const platformId = (await createPlatform({ db: db(), actor: 'test' }, { name: 'Metrics' })).platform.id;
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db()
      .insert(subMerchants)
      .values({
        id: `sm_metrics_${Date.now()}`,
        platformId,
        provider: 'providerA',
        status: 'pending',
        chApplymentId: '2000002',
        chApplymentState: 'AUDITING',
        lastSyncedAt: hourAgo,
        nextSyncAt: hourAgo,
      });
    const eventId = `evt_metrics_${Date.now()}`;
    await db().insert(events).values({ id: eventId, platformId, type: 'sub_merchant.updated', data: {} });
    await db()
      .insert(eventDeliveries)
      .values({
        id: `whd_metrics_${Date.now()}`,
        eventId,
        platformId,
        url: 'https://example.com/hook',
        createdAt: hourAgo,
      });
  });

  it('refuses a missing, malformed or wrong token with 401 and a WWW-Authenticate challenge', async () => {
    for (const authorization of [undefined, TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`]) {
      const response = await scrape(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('Bearer');
    }
  });

  it('serves Prometheus text that a parser reads, with request, sync-lag and delivery metrics', async () => {
    await scrape(`Bearer ${TOKEN}`); // counted by the route wrapper, like every defineRoute request
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusTextFormat(await response.text()) as Family[];
    const byName = new Map(families.map((f) => [f.name, f]));
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'upstream_calls_total',
      'webhook_delivery_attempts_total',
      'sub_merchant_sync_lag_seconds',
      'sub_merchant_sync_overdue',
      'webhook_deliveries_pending',
      'webhook_oldest_pending_age_seconds',
      'process_resident_memory_bytes',
    ])
      expect(byName.has(name), name).toBe(true);
    const requests = byName.get('http_requests_total')!.metrics;
    expect(requests.some((m) => m.labels?.route === '/metrics' && m.labels.status === '200')).toBe(true);
    expect(requests.some((m) => m.labels?.route === '/metrics' && m.labels.status === '401')).toBe(true);
    const lag = byName.get('sub_merchant_sync_lag_seconds')!.metrics.find((m) => m.labels?.state === 'AUDITING');
    expect(Number(lag?.value)).toBeGreaterThanOrEqual(3_590);
    expect(Number(byName.get('sub_merchant_sync_overdue')!.metrics[0]!.value)).toBeGreaterThanOrEqual(1);
    expect(Number(byName.get('webhook_deliveries_pending')!.metrics[0]!.value)).toBeGreaterThanOrEqual(1);
    expect(Number(byName.get('webhook_oldest_pending_age_seconds')!.metrics[0]!.value)).toBeGreaterThanOrEqual(3_590);
  });

  it('keeps the request series bounded under a scan of 2,000 unknown paths, methods and encodings over HTTP', async () => {
    const server = await serveOverHttp(asNextRoutes);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const send = (method: string, path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${server.url}/`, { method, path, agent, headers }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        request.end();
      });
    const seriesCount = async () => {
      const { status, body } = await send('GET', '/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(status).toBe(200);
      return body.split('\n').filter((line) => /^http_request(s_total|_duration_seconds_\w+)\{/.test(line)).length;
    };
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'MKCOL', 'PURGE'];
    // Letters only, as in the attack: a segment with no digit never looked like an id.
    const random = () => Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
    const shapes = [
      (r: string) => `/v1/zz${r}/x`,
      (r: string) => `/admin/${r}`,
      (r: string) => `/v1/payments/sub-merchants/${r}/${r}/x`,
      (r: string) => `/admin/payment-onboardings/${r}/media/${r}/more`,
      (r: string) => `/v1/%C0%AE%C0%AE/${r}`,
      (r: string) => `/admin/..%2F..%2F${r}`,
      (r: string) => `/v1/${encodeURIComponent('商户')}${r}`,
      (r: string) => `/v1/${'a'.repeat(300)}${r}?q=${r}`,
      (r: string) => `/v1//${r}//x%00`,
      (r: string) => `/v1/${r.toUpperCase()}%252e`,
    ];
    try {
      for (const method of methods) for (const shape of shapes) await send(method, shape(random()));
      await seriesCount(); // the scrape's own series
      const afterAHandful = await seriesCount();
      for (let batch = 0; batch < 100; batch++) {
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            send(methods[(batch + i) % methods.length]!, shapes[i % shapes.length]!(random())),
          ),
        );
      }
      expect(await seriesCount()).toBe(afterAHandful);
      const values = (await metrics().requests.get()).values;
      expect(values.some((v) => v.labels.route === 'unmatched' && v.labels.status === '404')).toBe(true);
    } finally {
      agent.destroy();
      await server.close();
    }
  }, 60_000);
});

/** What Next.js does with these paths: /metrics to its route, /admin/… and any other /v1/… to the 404 catch-alls. */
async function asNextRoutes(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const route = pathname === '/metrics' ? metricsRoute : pathname.startsWith('/admin/') ? adminNotFound : v1NotFound;
  // Next.js answers HEAD with the GET handler; a method the file does not export never reaches it.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const handler = httpMethods.includes(method as HttpMethod) ? route[method as HttpMethod] : undefined;
  if (!handler) return new Response(null, { status: 405 });
  return handler(request, { params: Promise.resolve({}) });
}

describe('request labels', () => {
  it('are the templates of the app’s route files; any other path is `unmatched`', () => {
    expect(requestLabels('/v1/payments/sub-merchants/sm_01jd4x9k2m')).toEqual({
      family: 'v1',
      route: '/v1/payments/sub-merchants/{id}',
    });
    expect(requestLabels('/admin/payment-onboardings/plt_8f2a1c/media/med_77aa1b').route).toBe(
      '/admin/payment-onboardings/{tenantId}/media/{mediaId}',
    );
    // A static segment wins over a parameter in the same place, as Next.js picks the file.
    expect(requestLabels('/sandbox/control/providerA/ticket').route).toBe('/sandbox/control/providerA/ticket');
    expect(requestLabels('/sandbox/control/providerB/applyments').route).toBe('/sandbox/control/{provider}/applyments');
    expect(requestLabels('/v1/payments/sub-merchants/a/b/c')).toEqual({ family: 'v1', route: 'unmatched' });
    expect(requestLabels('/v1/zzab/x')).toEqual({ family: 'v1', route: 'unmatched' });
    expect(requestLabels('/zzab/x')).toEqual({ family: 'unmatched', route: 'unmatched' });
    expect(requestLabels('/v1/payments//sub-merchants').route).toBe('unmatched');
  });
});

describe('upstream calls', () => {
  it('count by provider, API (ids and sandbox namespace left out) and outcome, timeouts included', async () => {
    const server = http.createServer((request, response) => {
      if (request.url?.includes('slow')) return void setTimeout(() => response.end('late'), 500);
      response.statusCode = request.url?.includes('missing') ? 404 : 200;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const upstream = loggedUpstreamFetch('providerA');
    try {
      await upstream(
        `${base}/sandbox/t/AbCdEfGhIjKlMnOpQrStUv/providerA/pay/v3/applyment4sub/applyment/business_code/1234567890`,
      );
      await upstream(`${base}/v3/missing`);
      await expect(upstream(`${base}/v3/slow`, { signal: AbortSignal.timeout(50) })).rejects.toThrow();
    } finally {
      server.close();
    }
    const { upstreamCalls } = metrics();
    const values = (await upstreamCalls.get()).values;
    const find = (api: string, outcome: string) =>
      values.find((v) => v.labels.provider === 'providerA' && v.labels.api === api && v.labels.outcome === outcome);
    expect(find('GET /providerA/pay/v3/applyment4sub/applyment/business_code/{id}', 'ok')?.value).toBe(1);
    expect(find('GET /v3/missing', 'rejected')?.value).toBe(1);
    expect(find('GET /v3/slow', 'timeout')?.value).toBe(1);
  });
});
