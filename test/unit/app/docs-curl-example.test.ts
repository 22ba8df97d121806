import { describe, expect, it } from 'vitest';
import { curlExample } from '@/app/docs/curl-example';
import { operations } from '@/app/operations';
import { buildOpenApiDocument } from '@/server/openapi/build-document';

type Op = Parameters<typeof curlExample>[3];
const doc = buildOpenApiDocument(operations, 'http://localhost:3000');
const operation = (path: string, method: string) => (doc.paths as Record<string, Record<string, Op>>)[path]![method]!;

describe('the /docs curl example', () => {
  it('carries the key, the service code and the example body of a create', () => {
    const curl = curlExample(
      'http://localhost:3000',
      'post',
      '/v1/payments/sub-merchants',
      operation('/v1/payments/sub-merchants', 'post'),
    );
    expect(curl).toContain('curl -X POST "http://localhost:3000/v1/payments/sub-merchants"');
    expect(curl).toContain('-H "Authorization: Bearer $API_KEY"');
    expect(curl).toContain('-H "X-Service-Code: payments"');
    expect(curl).toContain('-H "Content-Type: application/json"');
    expect(curl).toMatch(/-d '\{.*\}'/);
  });

  it('updates a sub-merchant with PUT, the method the API takes (there is no PATCH)', () => {
    const methods = Object.keys((doc.paths as Record<string, object>)['/v1/payments/sub-merchants/{id}']!);
    expect(methods).toContain('put');
    expect(methods).not.toContain('patch');
    const curl = curlExample(
      'http://localhost:3000',
      'put',
      '/v1/payments/sub-merchants/{id}',
      operation('/v1/payments/sub-merchants/{id}', 'put'),
    );
    expect(curl.split(' \\\n  ')[0]).toBe('curl -X PUT "http://localhost:3000/v1/payments/sub-merchants/{id}"');
  });

  it('quotes a body with an apostrophe for the shell', () => {
    const curl = curlExample('http://x', 'post', '/v1/p', {
      parameters: [],
      requestBody: { content: { 'application/json': { schema: {}, example: { name: "O'Brien" } } } },
    });
    expect(curl).toContain(`-d '{"name":"O'\\''Brien"}'`);
  });
});
