import { describe, expect, it } from 'vitest';
import { operations as declared } from '@/app/operations';
import { buildOpenApiDocument } from '@/server/openapi/build-document';

type Parameter = { name: string; in: string; required: boolean };
type OperationObject = { parameters: Parameter[]; responses: Record<string, unknown> };

describe('Idempotency-Key in the OpenAPI document', () => {
  const document = buildOpenApiDocument(declared, 'http://localhost:3000');
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as OperationObject })),
  );

  it('is an optional header of every /v1 POST, with its 409 and 422 answers', () => {
    const posts = operations.filter((o) => o.method === 'post' && o.path.startsWith('/v1/'));
    expect(posts.length).toBeGreaterThanOrEqual(10);
    for (const { path, op } of posts) {
      expect(op.parameters, path).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
      );
      expect(Object.keys(op.responses), path).toEqual(expect.arrayContaining(['409', '422']));
      const success = Object.entries(op.responses).filter(([status]) => Number(status) < 300);
      for (const [status, response] of success)
        expect((response as { headers?: object }).headers, `${path} ${status}`).toHaveProperty('Idempotent-Replayed');
    }
  });

  it('is not offered where nothing is created', () => {
    for (const { path, op } of operations.filter((o) => o.method !== 'post')) {
      expect(
        op.parameters.map((p) => p.name),
        path,
      ).not.toContain('Idempotency-Key');
    }
  });
});
