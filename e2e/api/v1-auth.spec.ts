import { expect, test } from '@playwright/test';
import { apiClient } from '../support/api-client';
import { provision } from '../support/provision';

const path = '/v1/payments/sub-merchants' as const;

test.describe('/v1 authentication over HTTP against the production build', () => {
  test('no key → 401 problem+json with a request id', async ({ request }) => {
    // Raw HTTP: the typed client always sends a key; this request deliberately has none.
    const response = await request.get(path, { headers: { 'x-service-code': 'payments' } });
    expect(response.status()).toBe(401);
    expect(response.headers()['content-type']).toBe('application/problem+json');
    const body = await response.json();
    expect(body).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(body.requestId).toBe(response.headers()['x-request-id']);
  });

  test('key without X-Service-Code → 400 service_code_required; wrong area → 400 service_code_mismatch', async ({
    request,
  }) => {
    // Raw HTTP: the typed client always sends the path's own X-Service-Code; these deliberately do not.
    const auth = { authorization: `Bearer ${provision().apiKey}` };
    const missing = await request.get(path, { headers: auth });
    expect(missing.status()).toBe(400);
    expect((await missing.json()).code).toBe('service_code_required');
    const mismatch = await request.get(path, { headers: { ...auth, 'x-service-code': 'miniprogram' } });
    expect(mismatch.status()).toBe(400);
    expect((await mismatch.json()).code).toBe('service_code_mismatch');
  });

  test('a valid key lists the platform’s records as a paginated list', async () => {
    const { data, response } = await apiClient().GET(path, { params: { query: { limit: 5 } } });
    expect(response.status).toBe(200);
    // Other specs add records to this platform: the shape and the paging contract, not a count.
    expect(data?.object).toBe('list');
    expect(data!.data.length).toBeLessThanOrEqual(5);
    expect(data!.nextCursor === null).toBe(!data!.hasMore);
  });

  test('unknown paths → 404, unsupported methods → 405, oversized bodies → 413: all problem+json', async ({
    request,
  }) => {
    // Raw HTTP: paths, methods and bodies the document (and so the typed client) does not have.
    const unknown = await request.get('/v1/payments/nothing-here');
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()['content-type']).toBe('application/problem+json');
    const admin = await request.post('/admin/unknown', { data: {} });
    expect(admin.status()).toBe(404);
    const method = await request.patch(path, { data: {} });
    expect(method.status()).toBe(405);
    expect(method.headers()['allow']).toBe('GET, POST');
    for (const target of [path, '/v1/unknown', '/admin/payment-onboardings/x/y']) {
      const huge = await request.post(target, {
        headers: { 'content-type': 'application/json' },
        data: `"${'x'.repeat(2 * 1024 * 1024)}"`,
      });
      expect(huge.status()).toBe(413);
      expect((await huge.json()).code).toBe('payload_too_large');
    }
  });

  test('/v1/openapi.json is an OpenAPI 3.1 document listing this endpoint', async () => {
    const { data, response } = await apiClient().GET('/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(data!.openapi).toBe('3.1.0');
    expect(data!.paths[path]!.get).toMatchObject({ operationId: 'listSubMerchants' });
  });
});
