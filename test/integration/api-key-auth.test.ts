import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import * as listRoute from '@/app/v1/payments/sub-merchants/route';
import { apiKeys, subMerchants } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { revokeApiKey } from '@/server/services/api-keys/revoke-api-key';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';

const url = '/v1/payments/sub-merchants';

describeEachDatabase('GET /v1/payments/sub-merchants authentication and scope', (database) => {
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
  });

  async function problem(response: Response) {
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = (await response.json()) as { code: string; requestId: string; status: number };
    expect(body.requestId).toMatch(/^req_/);
    expect(body.status).toBe(response.status);
    return body;
  }

  it('answers 401 without a key, with a malformed key and with an unknown key', async () => {
    for (const headers of [
      { 'x-service-code': 'payments' },
      apiHeaders('not-a-key'),
      apiHeaders(`sk_test_${'A'.repeat(32)}`),
    ]) {
      const response = await callRoute(listRoute.GET, url, { headers });
      expect(response.status).toBe(401);
      expect((await problem(response)).code).toBe('unauthenticated');
    }
  });

  it('answers 400 invalid_request for two Authorization headers, whichever comes first (Node and Headers join them with ", ")', async () => {
    const unknown = `Bearer sk_test_${'A'.repeat(32)}`;
    for (const pair of [
      [`Bearer ${platform.apiKey}`, unknown],
      [unknown, `Bearer ${platform.apiKey}`],
      [`Bearer ${platform.apiKey}`, `Bearer ${platform.apiKey}`],
    ]) {
      const headers = new Headers({ 'x-service-code': 'payments' });
      for (const value of pair) headers.append('authorization', value);
      const response = await callRoute(listRoute.GET, url, { headers });
      expect(response.status).toBe(400);
      const body = await problem(response);
      expect(body.code).toBe('invalid_request');
      expect((body as unknown as { detail: string }).detail).toBe('Send the Authorization header once.');
    }
  });

  it('answers 400 service_code_required without X-Service-Code', async () => {
    const response = await callRoute(listRoute.GET, url, { headers: { authorization: `Bearer ${platform.apiKey}` } });
    expect(response.status).toBe(400);
    expect((await problem(response)).code).toBe('service_code_required');
  });

  it('answers 400 service_code_mismatch for the miniprogram code on a payments path', async () => {
    const response = await callRoute(listRoute.GET, url, { headers: apiHeaders(platform.apiKey, 'miniprogram') });
    expect(response.status).toBe(400);
    expect((await problem(response)).code).toBe('service_code_mismatch');
  });

  it('answers 403 for a key without the payments service', async () => {
    const miniOnly = await createPlatformWithKey(database().db, ['miniprogram']);
    const response = await callRoute(listRoute.GET, url, { headers: apiHeaders(miniOnly.apiKey) });
    expect(response.status).toBe(403);
    expect((await problem(response)).code).toBe('forbidden');
  });

  it('lists only the calling platform’s records, and records the key’s last use', async () => {
    const other = await createPlatformWithKey(database().db);
    await database()
      .db.insert(subMerchants)
      .values([
        {
          id: newId('sm'),
          platformId: platform.platformId,
          provider: 'providerA',
          distributorExternalUserId: 'mine-1',
        },
        { id: newId('sm'), platformId: other.platformId, provider: 'providerA', distributorExternalUserId: 'theirs-1' },
      ]);
    const response = await callRoute(listRoute.GET, url, { headers: apiHeaders(platform.apiKey) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: { distributorExternalUserId: string; platformId: string }[];
      hasMore: boolean;
    };
    expect(body.data.map((d) => d.distributorExternalUserId)).toEqual(['mine-1']);
    expect(body.data.every((d) => d.platformId === platform.platformId)).toBe(true);
    const [key] = await database().db.select().from(apiKeys).where(eq(apiKeys.id, platform.apiKeyId));
    expect(key?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('answers 401 once the key is revoked', async () => {
    const revocable = await createPlatformWithKey(database().db);
    expect((await callRoute(listRoute.GET, url, { headers: apiHeaders(revocable.apiKey) })).status).toBe(200);
    await revokeApiKey(
      { db: database().db, platformId: revocable.platformId, actor: 'test' },
      { keyId: revocable.apiKeyId },
    );
    const response = await callRoute(listRoute.GET, url, { headers: apiHeaders(revocable.apiKey) });
    expect(response.status).toBe(401);
  });

  it('honours a revocation made elsewhere (another instance, straight in the database) within the 5 s cache', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const revocable = await createPlatformWithKey(database().db);
    expect((await callRoute(listRoute.GET, url, { headers: apiHeaders(revocable.apiKey) })).status).toBe(200);
    await database().db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, revocable.apiKeyId));
    // The documented trade-off: this instance learnt of the key a moment ago and keeps trusting it briefly.
    vi.advanceTimersByTime(4_000);
    expect((await callRoute(listRoute.GET, url, { headers: apiHeaders(revocable.apiKey) })).status).toBe(200);
    vi.advanceTimersByTime(1_001);
    expect((await callRoute(listRoute.GET, url, { headers: apiHeaders(revocable.apiKey) })).status).toBe(401);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 405 problem+json for a method the path does not support, naming the allowed ones', async () => {
    const response = await callRoute(listRoute.DELETE, url, { method: 'DELETE', headers: apiHeaders(platform.apiKey) });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect((await problem(response)).code).toBe('method_not_allowed');
  });
});
