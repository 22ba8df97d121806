import { beforeEach, expect, it } from 'vitest';
import * as adminMediaRoute from '@/app/admin/payment-onboardings/[tenantId]/media/route';
import { subMerchants } from '@/server/db/schema';
import { resetApiRateLimitsForTests } from '@/server/http/api-rate-limit';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { paymentsApi } from '../support/sub-merchants';
import { useEnv } from '../support/scoped-env';

const policy = '"default";q=2;w=1';

describeEachDatabase('per API key rate limits (2 a second, burst 3)', (database) => {
  useEnv({ API_RATE_LIMIT_PER_SECOND: '2', API_RATE_LIMIT_BURST: '3' });
  beforeEach(() => resetApiRateLimitsForTests());

  it('sends RateLimit-Policy and RateLimit on successes, then 429 rate_limited with Retry-After once the burst is spent', async () => {
    const api = paymentsApi((await createPlatformWithKey(database().db)).apiKey);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ok = await api.list();
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-policy')).toBe(policy);
      remaining.push(ok.headers.get('ratelimit')!);
    }
    expect(remaining.map((value) => /;r=(\d+);/.exec(value)?.[1])).toEqual(['2', '1', '0']);
    const limited = await api.list();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toBe('application/problem+json');
    expect(limited.body).toMatchObject({ code: 'rate_limited', status: 429, title: 'Too many requests' });
    expect(limited.body.detail).toContain('2 per second');
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit-policy')).toBe(policy);
    expect(limited.headers.get('ratelimit')).toBe('"default";r=0;t=1');
  });

  it('sends RateLimit-Policy and RateLimit on problem answers of an authenticated request too (404, 400)', async () => {
    const api = paymentsApi((await createPlatformWithKey(database().db)).apiKey);
    const missing = await api.get('sm_does_not_exist');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    expect(missing.headers.get('ratelimit-policy')).toBe(policy);
    expect(missing.headers.get('ratelimit')).toMatch(/^"default";r=2;t=\d+$/);
    const invalid = await api.create({ distributorExternalUserId: 42 });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('ratelimit')).toMatch(/^"default";r=1;t=\d+$/);
  });

  it('a refused create changes nothing, and the key works again after Retry-After', async () => {
    const platform = await createPlatformWithKey(database().db);
    const api = paymentsApi(platform.apiKey);
    for (let i = 0; i < 3; i++) expect((await api.list()).status).toBe(200);
    const before = await database().db.$count(subMerchants);
    const refused = await api.create({ distributorExternalUserId: 'limited-seller' });
    expect(refused.status).toBe(429);
    expect(await database().db.$count(subMerchants)).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, Number(refused.headers.get('retry-after')) * 1000));
    const created = await api.create({ distributorExternalUserId: 'limited-seller' });
    expect(created.status).toBe(201);
  });

  it('limits each key on its own: a busy key does not slow another platform’s key', async () => {
    const busy = paymentsApi((await createPlatformWithKey(database().db)).apiKey);
    const quiet = paymentsApi((await createPlatformWithKey(database().db)).apiKey);
    for (let i = 0; i < 3; i++) await busy.list();
    expect((await busy.list()).status).toBe(429);
    const other = await quiet.list();
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit')).toMatch(/^"default";r=2;t=\d+$/);
  });

  it('counts /admin calls made with the same API key against the same bucket', async () => {
    const platform = await createPlatformWithKey(database().db);
    const api = paymentsApi(platform.apiKey);
    for (let i = 0; i < 3; i++) await api.list();
    const url = `/admin/payment-onboardings/${platform.platformId}/media`;
    const response = await callRoute(adminMediaRoute.POST, url, {
      method: 'POST',
      headers: { authorization: `Bearer ${platform.apiKey}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--\r\n',
      params: { tenantId: platform.platformId },
    });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { code: string }).code).toBe('rate_limited');
  });

  it('does not spend tokens on unauthenticated calls (no key, no bucket)', async () => {
    const response = await callRoute(
      (await import('@/app/v1/payments/sub-merchants/route')).GET,
      '/v1/payments/sub-merchants',
      {
        headers: apiHeaders(`sk_test_${'B'.repeat(32)}`),
      },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('ratelimit')).toBeNull();
  });
});
