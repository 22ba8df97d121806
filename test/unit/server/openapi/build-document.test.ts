import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { operations } from '@/app/operations';
import { buildOpenApiDocument } from '@/server/openapi/build-document';

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument(operations, 'http://localhost:3000');

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents the problem+json errors and the service-code header of each /v1 operation', () => {
    const list = (
      doc.paths['/v1/payments/sub-merchants'] as Record<
        string,
        { parameters: { name: string }[]; responses: Record<string, unknown> }
      >
    ).get!;
    expect(list.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['X-Service-Code', 'limit', 'cursor', 'distributor_external_user_id']),
    );
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(doc.components.schemas).toHaveProperty('Problem');
    expect(doc.components.schemas).toHaveProperty('SubMerchant');
  });

  it('documents the conditional requests on a record: If-None-Match and the ETag on GET, If-Match on PUT', () => {
    type Op = {
      parameters: { name: string; in: string; required: boolean }[];
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    const record = doc.paths['/v1/payments/sub-merchants/{id}'] as Record<string, Op>;
    expect(record.get!.parameters).toContainEqual(
      expect.objectContaining({ name: 'If-None-Match', in: 'header', required: false }),
    );
    expect(Object.keys(record.get!.responses['200']!.headers ?? {})).toContain('ETag');
    expect(Object.keys(record.get!.responses['304']!.headers ?? {})).toContain('ETag');
    expect(record.put!.parameters).toContainEqual(
      expect.objectContaining({ name: 'If-Match', in: 'header', required: false }),
    );
  });

  it('documents the rate limit of every API-key operation: RateLimit headers on its answers, 429 with Retry-After', () => {
    type Op = { security: unknown[]; responses: Record<string, { headers?: Record<string, unknown> }> };
    const keyed = Object.values(doc.paths as Record<string, Record<string, Op>>)
      .flatMap((item) => Object.values(item))
      .filter((op) => JSON.stringify(op.security) === JSON.stringify([{ apiKey: [] }]));
    expect(keyed.length).toBeGreaterThan(20);
    for (const op of keyed) {
      const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))![1];
      expect(Object.keys(success.headers ?? {})).toEqual(expect.arrayContaining(['RateLimit-Policy', 'RateLimit']));
      expect(Object.keys(op.responses['429']?.headers ?? {})).toEqual(
        expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'Retry-After']),
      );
    }
  });
});

describe('OpenAPI components', () => {
  const doc = buildOpenApiDocument(operations, 'http://localhost:3000');
  const schemas = doc.components.schemas as Record<string, Record<string, unknown>>;

  it('holds real definitions for named schemas, never a reference to themselves', () => {
    for (const [name, schema] of Object.entries(schemas)) {
      expect(schema.$ref, name).not.toBe(`#/components/schemas/${name}`);
    }
    expect(schemas.SubMerchant!.type).toBe('object');
    expect(schemas.Problem!.type).toBe('object');
  });

  it('documents {platform} as providerA | providerB', () => {
    const commit = (
      doc.paths['/v1/miniprogram/{platform}/commit'] as Record<
        string,
        { parameters: { name: string; schema: { enum?: string[] } }[] }
      >
    ).post!;
    expect(commit.parameters.find((p) => p.name === 'platform')!.schema.enum).toEqual(['providerA', 'providerB']);
  });
});
