import { expect, test } from '@playwright/test';
import { provision } from '../support/provision';
import { rawRequest } from '../support/raw-http';

/**
 * What only the production server shows, over real HTTP: paths Next.js cannot decode, duplicate headers as
 * Node parses them, and the CSP on prefetch requests (which the proxy's page matcher includes).
 */
const get = (baseURL: string, path: string, headers: string[] = []) =>
  rawRequest(
    baseURL,
    [`GET ${path} HTTP/1.1`, 'Host: localhost', ...headers, 'Connection: close', '', ''].join('\r\n'),
  );

const headerOf = (head: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();

test.describe('malformed percent-encoding in the path', () => {
  test('API families answer 400 problem+json instead of a plain-text 500', async ({ baseURL }) => {
    // Raw socket: bad percent-encoding the typed client (or any URL parser) would refuse or re-encode.
    const paths = [
      '/v1/payments/sub-merchants/%E0%A4%A',
      '/v1/payments/sub-merchants/%E0%A4',
      '/v1/payments/sub-merchants/%C0%AF',
      '/v1/%ZZ',
      '/api/trpc/me.get%E0',
      '/api/auth/session%E0',
      '/admin/payment-onboardings/%E0/media',
      '/callbacks/providerA/message/%E0',
      '/sandbox/providerA/%E0',
    ];
    for (const path of paths) {
      const answer = await get(baseURL!, path);
      expect(answer.status, path).toBe(400);
      expect(headerOf(answer.head, 'content-type'), path).toBe('application/problem+json');
      expect(answer.body, path).toContain('"code":"invalid_request"');
    }
    const post = await rawRequest(
      baseURL!,
      'POST /v1/payments/sub-merchants/%E0 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(post.status).toBe(400);
  });

  test('console pages answer a 400 page (with the page CSP) in the visitor’s language', async ({ baseURL }) => {
    for (const path of ['/platforms/%E0/settings', '/authorize/%E0%A4%A', '/sign-in%E0']) {
      const answer = await get(baseURL!, path, ['Accept-Language: en']);
      expect(answer.status, path).toBe(400);
      expect(headerOf(answer.head, 'content-type'), path).toBe('text/html; charset=utf-8');
      expect(headerOf(answer.head, 'content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(answer.body, path).toContain('<h1>This address is not valid</h1>');
    }
    expect((await get(baseURL!, '/authorize/%E0', ['Cookie: console-locale=zh-CN'])).body).toContain(
      '<h1>该地址无效</h1>',
    );
  });

  test('well-formed UTF-8 escapes are served as before', async ({ baseURL }) => {
    // Raw socket: the escapes must reach the server exactly as written, and without a key.
    expect((await get(baseURL!, '/v1/payments/sub-merchants/%E4%B8%AD')).status).toBe(401);
    expect((await get(baseURL!, '/v1/payments/sub-merchants/a%2Fb')).status).toBe(401);
    expect((await get(baseURL!, '/sign-in?next=%E4%B8%AD')).status).toBe(200);
  });
});

test('two Authorization headers are a 400 problem, whichever comes first (Node alone would keep only the first)', async ({
  baseURL,
}) => {
  const valid = `Authorization: Bearer ${provision().apiKey}`;
  const unknown = `Authorization: Bearer sk_test_${'A'.repeat(32)}`;
  // Raw socket: no fetch client sends a header twice.
  const path = '/v1/payments/sub-merchants?limit=1';
  expect((await get(baseURL!, path, [valid, 'X-Service-Code: payments'])).status).toBe(200);
  for (const pair of [
    [valid, unknown],
    [unknown, valid],
    [valid, valid],
  ]) {
    const answer = await get(baseURL!, path, [...pair, 'X-Service-Code: payments']);
    expect(answer.status, pair.join(' + ')).toBe(400);
    expect(headerOf(answer.head, 'content-type')).toBe('application/problem+json');
    expect(answer.body).toContain('Send the Authorization header once.');
  }
});

test('pages fetched as prefetches carry the nonce CSP too', async ({ request }) => {
  const routerPrefetch = await request.get('/sign-in', { headers: { 'next-router-prefetch': '1', rsc: '1' } });
  expect(routerPrefetch.headers()['content-security-policy']).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
  const browserPrefetch = await request.get('/sign-in', { headers: { purpose: 'prefetch' } });
  const csp = browserPrefetch.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  const scripts = [...(await browserPrefetch.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
});

test('every 404 carries a CSP: addresses next to the API families, and unknown sandbox addresses', async ({
  baseURL,
}) => {
  for (const path of ['/v1x', '/adminx', '/apix/y', '/callbacksx', '/sandboxx', '/sandbox/nope', '/sandbox/t/x/none']) {
    const answer = await get(baseURL!, path);
    expect(answer.status, path).toBe(404);
    expect(headerOf(answer.head, 'content-security-policy'), path).toMatch(/default-src '(none|self)'/);
    expect(headerOf(answer.head, 'content-security-policy'), path).toContain("frame-ancestors 'none'");
  }
  // Next to the families, a page address: the page's nonce policy.
  expect(headerOf((await get(baseURL!, '/v1x')).head, 'content-security-policy')).toMatch(/'nonce-/);
});
