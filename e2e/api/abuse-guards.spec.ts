import { expect, test } from '@playwright/test';
import { apiClient } from '../support/api-client';

/** Rate limits, security headers and the tRPC cross-site guard, over real HTTP against the production build. */
test.describe('abuse guards over HTTP', () => {
  test('pages carry a nonce CSP (no framing), nosniff, X-Frame-Options and Referrer-Policy; their scripts carry the nonce', async ({
    request,
  }) => {
    for (const path of ['/sign-in', '/authorize/not-a-real-token']) {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce, `${path}: ${csp}`).toBeTruthy();
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      expect(headers['strict-transport-security']).toBeUndefined(); // plain http, sandbox mode
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      const again = (await request.get(path)).headers()['content-security-policy'];
      expect(again).not.toContain(nonce!); // fresh per request
    }
  });

  test('API answers get the strictest CSP and nosniff; https (X-Forwarded-Proto) pages get HSTS', async ({
    request,
  }) => {
    // Raw HTTP: the same unauthenticated GET on every family, /v1 included (its answer here is a 401).
    for (const path of ['/v1/openapi.json', '/v1/payments/sub-merchants', '/admin/nothing', '/api/health']) {
      const headers = (await request.get(path)).headers();
      expect(headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
    const overHttps = await request.get('/sign-in', { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  test('/v1 answers carry RateLimit-Policy and RateLimit for the key', async () => {
    const { response } = await apiClient().GET('/v1/payments/sub-merchants', { params: { query: { limit: 1 } } });
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-policy')).toMatch(/^"default";q=\d+;w=1$/);
    expect(response.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
  });

  test('a tRPC mutation from another site, or as a simple form post, is refused before it runs', async ({
    request,
    baseURL,
  }) => {
    const url = '/api/trpc/me.setLocale?batch=1';
    const body = JSON.stringify({ 0: { locale: 'en' } });
    const foreign = await request.post(url, {
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      data: body,
    });
    expect(foreign.status()).toBe(403);
    expect((await foreign.json()).error.data).toMatchObject({ code: 'FORBIDDEN', appCode: 'forbidden' });
    const crossSite = await request.post(url, {
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      data: body,
    });
    expect(crossSite.status()).toBe(403);
    const form = await request.post(url, { headers: { origin: baseURL! }, form: { 0: '{"locale":"en"}' } });
    expect(form.status()).toBe(415);
    const textPlain = await request.post(url, {
      headers: { 'content-type': 'text/plain', origin: baseURL! },
      data: body,
    });
    expect(textPlain.status()).toBe(415);
    // Same origin and JSON: the guard lets it through, and tRPC answers (401: no session here).
    const own = await request.post(url, {
      headers: { 'content-type': 'application/json', origin: baseURL! },
      data: body,
    });
    expect(own.status()).toBe(401);
  });
});
