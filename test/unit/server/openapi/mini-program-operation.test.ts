import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations } from '@/app/operations';
import { buildOpenApiDocument } from '@/server/openapi/build-document';

const miniProgramOperations = operations.filter((operation) => operation.tag === 'Mini programs');

type Op = {
  tags: string[];
  parameters: { name: string; in: string; required: boolean; schema: { enum?: string[] } }[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};

const expected: [method: string, path: string, success: string, can404: boolean][] = [
  ['post', '/v1/miniprogram/authorize', '201', false],
  ['get', '/v1/miniprogram/authorize/callback/{platform}', '200', true],
  ['get', '/v1/miniprogram/authorizers', '200', false],
  ['get', '/v1/miniprogram/authorizers/{appId}', '200', true],
  ['patch', '/v1/miniprogram/authorizers/{appId}', '200', true],
  ['delete', '/v1/miniprogram/authorizers/{appId}', '204', true],
  ['get', '/v1/miniprogram/templates', '200', false],
  ['post', '/v1/miniprogram/{platform}/commit', '200', true],
  ['post', '/v1/miniprogram/{platform}/submit-audit', '200', true],
  ['get', '/v1/miniprogram/{platform}/audit-status/{auditId}', '200', true],
  ['post', '/v1/miniprogram/{platform}/release', '200', true],
  ['get', '/v1/miniprogram/{platform}/versions', '200', true],
  ['get', '/v1/miniprogram/{platform}/baseinfo', '200', true],
  ['post', '/v1/miniprogram/{platform}/experience', '200', true],
  ['post', '/v1/miniprogram/{platform}/rollback', '200', true],
  ['post', '/v1/miniprogram/{platform}/members', '200', true],
  ['post', '/v1/miniprogram/{platform}/rollouts', '200', true],
  ['get', '/v1/miniprogram/{platform}/rollouts', '200', true],
  ['get', '/v1/miniprogram/{platform}/rollouts/{rolloutId}', '200', true],
  ['post', '/v1/miniprogram/{platform}/rollouts/{rolloutId}/pause', '200', true],
  ['post', '/v1/miniprogram/{platform}/rollouts/{rolloutId}/resume', '200', true],
  ['post', '/v1/miniprogram/{platform}/rollouts/{rolloutId}/cancel', '200', true],
  ['post', '/v1/miniprogram/{platform}/rollouts/{rolloutId}/retry-failed', '200', true],
];

describe('OpenAPI mini-program operations', () => {
  const doc = buildOpenApiDocument(operations, 'http://localhost:3000');
  const op = (path: string, method: string) => (doc.paths[path] as Record<string, Op> | undefined)?.[method];

  it('documents exactly the twenty-three /v1/miniprogram operations with the miniprogram service code', () => {
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/miniprogram'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(expected.map(([method, path]) => `${method} ${path}`).sort());
    for (const [method, path] of expected) {
      const operation = op(path, method)!;
      expect(operation.tags).toEqual(['Mini programs']);
      const header = operation.parameters.find((p) => p.name === 'X-Service-Code');
      expect(header, `${method} ${path}`).toMatchObject({
        in: 'header',
        required: true,
        schema: { enum: ['miniprogram'] },
      });
    }
  });

  it('lists the problem responses: 404 wherever a record or {platform} is looked up, 401/403 everywhere', () => {
    for (const [method, path, , can404] of expected) {
      const statuses = Object.keys(op(path, method)!.responses);
      expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '401', '403']));
      expect(statuses.includes('404'), `${method} ${path}`).toBe(can404);
      if (path.includes('{platform}/'))
        expect(statuses).toEqual(expect.arrayContaining(['409', '422', '429', '502', '504']));
    }
    expect(Object.keys(op('/v1/miniprogram/{platform}/release', 'post')!.responses)).toContain('409');
    expect(Object.keys(op('/v1/miniprogram/authorize/callback/{platform}', 'get')!.responses)).toContain('409');
  });

  it('documents path and query parameters and the success bodies by reference', () => {
    for (const [method, path, success] of expected) {
      const operation = op(path, method)!;
      const pathParams = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      expect(pathParams).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      const body = operation.responses[success]!;
      if (success === '204') expect(body.content).toBeUndefined();
      else expect(body.content!['application/json']!.schema.$ref).toMatch(/^#\/components\/schemas\//);
    }
    const callback = op('/v1/miniprogram/authorize/callback/{platform}', 'get')!;
    expect(callback.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.required])).toEqual([
      ['auth_code', false],
      ['app_auth_code', false],
      ['state', true],
    ]);
    const templates = op('/v1/miniprogram/templates', 'get')!;
    expect(templates.parameters.find((p) => p.name === 'platform')?.schema.enum).toEqual(['providerA', 'providerB']);
    const started = op('/v1/miniprogram/authorize', 'post')!.responses['201']!.content!['application/json']!.schema
      .$ref;
    expect(started).toBe('#/components/schemas/AuthorizationStarted');
    for (const id of [
      'Authorizer',
      'AuthorizerList',
      'AuthorizationStarted',
      'Templates',
      'Commit',
      'AuditSubmitted',
      'AuditStatus',
      'Release',
      'Versions',
      'Baseinfo',
      'Experience',
      'Rollback',
      'Members',
    ]) {
      expect(doc.components.schemas, id).toHaveProperty(id);
    }
  });

  it('has request examples that the request schemas accept, and response examples that match their schemas', () => {
    for (const operation of miniProgramOperations) {
      if (operation.body)
        expect(operation.body.safeParse(operation.bodyExample).success, operation.operationId).toBe(true);
      for (const response of Object.values(operation.responses)) {
        const example =
          response.schema && (z.globalRegistry.get(response.schema) as { example?: unknown } | undefined)?.example;
        if (example !== undefined)
          expect(response.schema!.safeParse(example).success, operation.operationId).toBe(true);
      }
    }
    expect(miniProgramOperations.filter((o) => o.method === 'post' && !o.bodyExample)).toEqual([]);
  });
});
