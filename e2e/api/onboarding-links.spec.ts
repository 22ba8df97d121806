import { expect, test } from '@playwright/test';
import { apiClient, e2eBaseUrl } from '../support/api-client';

/**
 * Hosted onboarding links over HTTP against the production build (issue 30): an integrator mints a link through
 * the typed client, the seller's browser opens it once, and every link that cannot open a session sends the
 * seller to refreshUrl, or to one neutral page when there is none.
 */
const refreshUrl = 'https://shop.example.com/onboarding/refresh';

async function newRecord() {
  const api = apiClient();
  const created = await api.POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: `onboard-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(created.response.status).toBe(201);
  return { api, id: created.data!.id };
}

const pathOf = (url: string) => new URL(url).pathname;

test('mint: 201 with the url once, 24 h by default; an Idempotency-Key retry gets the same link', async () => {
  const { api, id } = await newRecord();
  const before = Date.now();
  const key = `link-${id}`;
  const mint = () =>
    api.POST('/v1/payments/sub-merchants/{id}/onboarding-links', {
      params: { path: { id }, header: { 'Idempotency-Key': key } },
      body: { refreshUrl, returnUrl: 'https://shop.example.com/onboarding/done' },
    });
  const created = await mint();
  expect(created.response.status).toBe(201);
  const link = created.data!;
  expect(link).toMatchObject({ object: 'onboarding_link', subMerchantId: id, status: 'active', refreshUrl });
  expect(pathOf(link.url)).toMatch(/^\/onboard\/[A-Za-z0-9_-]{43}$/);
  const lifetime = Date.parse(link.expiresAt) - before;
  expect(lifetime).toBeGreaterThan(86_400_000 - 60_000);
  expect(lifetime).toBeLessThanOrEqual(86_400_000 + 1000);

  const retried = await mint();
  expect(retried.response.status).toBe(201);
  expect(retried.response.headers.get('idempotent-replayed')).toBe('true');
  expect(retried.data).toEqual(link);

  const listed = await api.GET('/v1/payments/sub-merchants/{id}/onboarding-links', { params: { path: { id } } });
  expect(listed.response.status).toBe(200);
  expect(listed.data!.data.map((l) => l.id)).toEqual([link.id]);
  expect(listed.data!.data[0]).not.toHaveProperty('url');
});

test('expiresIn sets the expiry within 300..604800 s; bad values and URLs are specific 400s', async () => {
  const { api, id } = await newRecord();
  const before = Date.now();
  const short = await api.POST('/v1/payments/sub-merchants/{id}/onboarding-links', {
    params: { path: { id } },
    body: { expiresIn: 300 },
  });
  expect(short.response.status).toBe(201);
  expect(Date.parse(short.data!.expiresAt) - before).toBeLessThanOrEqual(300_000 + 1000);
  expect(Date.parse(short.data!.expiresAt) - before).toBeGreaterThan(240_000);

  for (const [body, pointer] of [
    [{ expiresIn: 299 }, '/expiresIn'],
    [{ expiresIn: 604_801 }, '/expiresIn'],
    [{ returnUrl: 'http://shop.example.com/done' }, '/returnUrl'],
    [{ refreshUrl: 'javascript:alert(1)' }, '/refreshUrl'],
  ] as const) {
    const refused = await api.POST('/v1/payments/sub-merchants/{id}/onboarding-links', {
      params: { path: { id } },
      body: body as never,
    });
    expect(refused.response.status, JSON.stringify(body)).toBe(400);
    expect(JSON.stringify(refused.error)).toContain(pointer);
  }
  const listed = await api.GET('/v1/payments/sub-merchants/{id}/onboarding-links', { params: { path: { id } } });
  expect(listed.data!.data).toHaveLength(1);
});

test('an unknown record is 404 for minting, listing and revoking', async () => {
  const api = apiClient();
  const path = { id: 'sm_0000000000000000000000' };
  const minted = await api.POST('/v1/payments/sub-merchants/{id}/onboarding-links', { params: { path }, body: {} });
  expect(minted.response.status).toBe(404);
  const listed = await api.GET('/v1/payments/sub-merchants/{id}/onboarding-links', { params: { path } });
  expect(listed.response.status).toBe(404);
  const revoked = await api.POST('/v1/payments/sub-merchants/{id}/onboarding-links/{linkId}/revoke', {
    params: { path: { ...path, linkId: 'obl_0000000000000000000000' } },
    body: {},
  });
  expect(revoked.response.status).toBe(404);
});

test('the link opens one session (HttpOnly, SameSite=Lax cookie); a second browser goes to refreshUrl', async ({
  playwright,
}) => {
  const { api, id } = await newRecord();
  const link = (
    await api.POST('/v1/payments/sub-merchants/{id}/onboarding-links', {
      params: { path: { id } },
      body: { refreshUrl },
    })
  ).data!;
  const seller = await playwright.request.newContext({ baseURL: e2eBaseUrl() });
  const opened = await seller.get(pathOf(link.url), { maxRedirects: 0 });
  expect(opened.status()).toBe(303);
  expect(new URL(opened.headers()['location']!).pathname).toBe('/onboard');
  expect(opened.headers()['cache-control']).toContain('no-store');
  const cookie = opened.headers()['set-cookie']!;
  expect(cookie).toMatch(/^seller_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax$/);

  // The same browser opening the link again keeps its session: a reload is not a second use.
  const reopened = await seller.get(pathOf(link.url), { maxRedirects: 0 });
  expect(reopened.status()).toBe(303);
  expect(new URL(reopened.headers()['location']!).pathname).toBe('/onboard');
  expect(reopened.headers()['set-cookie']).toBeUndefined();

  const stranger = await playwright.request.newContext({ baseURL: e2eBaseUrl() });
  const refused = await stranger.get(pathOf(link.url), { maxRedirects: 0 });
  expect(refused.status()).toBe(303);
  expect(refused.headers()['location']).toBe(refreshUrl);
  expect(refused.headers()['set-cookie']).toBeUndefined();

  const listed = await api.GET('/v1/payments/sub-merchants/{id}/onboarding-links', { params: { path: { id } } });
  expect(listed.data!.data[0]).toMatchObject({ id: link.id, status: 'used' });
  await Promise.all([seller.dispose(), stranger.dispose()]);
});

test('revocation: the link goes to refreshUrl; revoking again answers it unchanged', async ({ playwright }) => {
  const { api, id } = await newRecord();
  const link = (
    await api.POST('/v1/payments/sub-merchants/{id}/onboarding-links', {
      params: { path: { id } },
      body: { refreshUrl },
    })
  ).data!;
  const revokePath = { params: { path: { id, linkId: link.id } }, body: {} };
  const revoked = await api.POST('/v1/payments/sub-merchants/{id}/onboarding-links/{linkId}/revoke', revokePath);
  expect(revoked.response.status).toBe(200);
  expect(revoked.data).toMatchObject({ id: link.id, status: 'revoked' });
  const again = await api.POST('/v1/payments/sub-merchants/{id}/onboarding-links/{linkId}/revoke', revokePath);
  expect(again.data).toEqual(revoked.data);

  const seller = await playwright.request.newContext({ baseURL: e2eBaseUrl() });
  const refused = await seller.get(pathOf(link.url), { maxRedirects: 0 });
  expect(refused.status()).toBe(303);
  expect(refused.headers()['location']).toBe(refreshUrl);
  await seller.dispose();
});

test('without refreshUrl, used, revoked and unknown links all show the same neutral page', async ({ playwright }) => {
  const { api, id } = await newRecord();
  const mint = async () =>
    (await api.POST('/v1/payments/sub-merchants/{id}/onboarding-links', { params: { path: { id } }, body: {} })).data!;
  const used = await mint();
  const revoked = await mint();
  await api.POST('/v1/payments/sub-merchants/{id}/onboarding-links/{linkId}/revoke', {
    params: { path: { id, linkId: revoked.id } },
    body: {},
  });
  const first = await playwright.request.newContext({ baseURL: e2eBaseUrl() });
  expect((await first.get(pathOf(used.url), { maxRedirects: 0 })).status()).toBe(303);

  const seller = await playwright.request.newContext({ baseURL: e2eBaseUrl() });
  const pages: string[] = [];
  for (const path of [pathOf(used.url), pathOf(revoked.url), `/onboard/${'A'.repeat(43)}`, '/onboard/not-a-token']) {
    const answer = await seller.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(303);
    expect(new URL(answer.headers()['location']!).pathname).toBe('/onboard/unavailable');
    const page = await seller.get(answer.headers()['location']!);
    expect(page.status()).toBe(200);
    pages.push((await page.text()).replace(/<script[\s\S]*?<\/script>/g, '').replace(/\s+nonce="[^"]*"/g, ''));
  }
  expect(pages[0]).toContain('此链接无法打开');
  expect(new Set(pages).size).toBe(1);
  await Promise.all([first.dispose(), seller.dispose()]);
});
