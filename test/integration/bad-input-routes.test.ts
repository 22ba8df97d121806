/**
 * Bad input on every route file: generated from src/app/**\/route.ts and the OpenAPI operations,
 * so a new endpoint is attacked without new test code. Every refusal is a 4xx in the route's own format, shows
 * nothing internal, and leaves the database exactly as it was (see db-snapshot.ts for the one excluded column).
 */
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import type { z } from 'zod';
import { sandboxKeys } from '@/sandbox/sandbox-context';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { resetEnvForTests } from '@/env';
import { resetSellerLinkRateLimitsForTests } from '@/server/http/seller-rate-limit';
import { sandboxNamespace } from '@/server/config/sandbox-namespace';
import { isUnsupportedMethod, type RouteHandler } from '@/server/http/define-route';
import { operations } from '@/app/operations';
import { buildOpenApiDocument } from '@/server/openapi/build-document';
import type { Operation } from '@/server/openapi/operation';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import {
  brokenBodies,
  expectNothingInternal,
  expectProblem,
  hostileSegment,
  reportRequestCount,
  schemaBreakingBodies,
  type BodyCase,
} from '../support/bad-requests';
import { callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { changedTables, databaseSnapshotter, type DbSnapshot } from '../support/db-snapshot';
import { inRequestScope, useRequestScope } from '../support/next-request-scope';
import { declaredInputs, declaredWithApiKey, familyOf } from '../support/route-families';
import {
  fillTemplate,
  httpMethods,
  listRouteFiles,
  operationsOf,
  routeParams,
  type HttpMethod,
} from '../support/route-files';
import { createTenantWithResources, type TenantWithResources } from '../support/tenant-resources';

// Small enough that "over the limit" bodies stay cheap; the check is the same at any limit.
const BODY_LIMIT = 64 * 1024;
const RUNS_PER_ENDPOINT = Number(process.env.BAD_INPUT_RUNS ?? 30);

const routes = await Promise.all(
  listRouteFiles().map(async (route) => {
    const module = await route.load();
    const implemented = httpMethods.filter((m) => module[m] && !isUnsupportedMethod(module[m]!));
    return { ...route, module, implemented, family: familyOf(route.template) };
  }),
);
type LoadedRoute = (typeof routes)[number];

type Case = {
  label: string;
  method: HttpMethod;
  params: Record<string, string>;
  query?: string;
  headers: [string, string][];
  body?: BodyCase;
};

describeEachDatabase('bad input on every endpoint', (database, driver) => {
  useRequestScope();
  const snapshot = databaseSnapshotter(database);
  let tenant: TenantWithResources;
  let other: TenantWithResources;
  let miniProgramOnlyKey: string;
  let casesRun = 0;
  let baseline: DbSnapshot | undefined;
  beforeEach(() => {
    baseline = undefined;
  });

  beforeAll(async () => {
    process.env.API_BODY_LIMIT_BYTES = String(BODY_LIMIT);
    // One key sends every case: the per-key rate limit would answer 429 instead of judging the input.
    process.env.API_RATE_LIMIT_PER_SECOND = process.env.API_RATE_LIMIT_BURST = '1000000';
    resetEnvForTests();
    tenant = await createTenantWithResources(database().db);
    other = await createTenantWithResources(database().db);
    // Both platforms' sandbox keys exist before the first request, as they do once a platform has used it.
    await sandboxKeys(tenant.platformId);
    await sandboxKeys(other.platformId);
    miniProgramOnlyKey = (
      await createApiKey(
        { db: database().db, platformId: tenant.platformId, actor: 'test' },
        { services: ['miniprogram'] },
      )
    ).secret;
  });
  afterAll(() => {
    delete process.env.API_BODY_LIMIT_BYTES;
    delete process.env.API_RATE_LIMIT_PER_SECOND;
    delete process.env.API_RATE_LIMIT_BURST;
    resetEnvForTests();
    // docs/reliability.md quotes this number.
    reportRequestCount(`[bad-input] ${casesRun} requests over ${routes.length} route files [${driver}]`);
  });

  /** Sends one case and checks the answer and the database; returns nothing, throws on a violation. */
  async function attack(route: LoadedRoute, c: Case, expectAnswer: (response: Response) => Promise<unknown>) {
    casesRun++;
    const headers = new Headers();
    for (const [name, value] of c.headers) headers.append(name, value);
    if (c.body?.contentType) headers.set('content-type', c.body.contentType);
    if (c.body?.declaredLength) headers.set('content-length', c.body.declaredLength);
    const url = `${fillTemplate(route.template, c.params)}${c.query ?? ''}`;
    const routeHandler = route.module[c.method] as RouteHandler;
    // Next.js hands route handlers a NextRequest; next-auth reads its nextUrl.
    const handler = inRequestScope(
      route.family === 'auth'
        ? (request: Request, context: Parameters<RouteHandler>[1]) => routeHandler(new NextRequest(request), context)
        : routeHandler,
    );
    // Every case must leave the database as it was, so the state after one case is the baseline of the next.
    baseline ??= await snapshot();
    const response = await callRoute(handler, url, {
      method: c.method,
      headers,
      body: c.method === 'GET' ? undefined : c.body?.body,
      params: routeParams(route.template, c.params),
    });
    await expectAnswer(response);
    expect(changedTables(baseline, await snapshot()), `${c.method} ${url}: ${c.label}`).toEqual([]);
  }

  const validParam = (name: string): string => {
    const values: Record<string, string> = {
      id: tenant.resources.subMerchantId,
      appId: tenant.resources.appId,
      auditId: tenant.resources.auditId,
      mediaId: tenant.resources.mediaId,
      tenantId: tenant.platformId,
      platform: 'providerA',
      provider: 'providerA',
      applymentId: tenant.resources.applymentId,
      path: 'unknown/thing',
      kind: 'banks',
      linkId: tenant.resources.onboardingLinkId,
      rolloutId: tenant.resources.rolloutId,
    };
    if (!(name in values)) throw new Error(`No valid value for path parameter {${name}}: add one to validParam().`);
    return values[name]!;
  };
  const paramNames = (template: string) => [...template.matchAll(/\{(?:\.\.\.)?(\w+)\}/g)].map((m) => m[1]!);
  const validParams = (template: string) => Object.fromEntries(paramNames(template).map((n) => [n, validParam(n)]));

  /** One path parameter replaced by a hostile value, the others valid. */
  const hostileParams = (template: string) =>
    paramNames(template).length === 0
      ? fc.constant(null)
      : fc
          .tuple(fc.constantFrom(...paramNames(template)), hostileSegment)
          .map(([name, value]) => ({ ...validParams(template), [name]: value }));

  function credentialCases(op: Operation) {
    const key = tenant.apiKey;
    const code = op.serviceCode ?? '';
    // An operation every area shares (events) has no other area's code: a code naming no service is the wrong one.
    const wrongCode = op.otherServiceCodes?.length ? 'payouts' : code === 'payments' ? 'miniprogram' : 'payments';
    const sets: [string, [string, string][]][] = [
      ['no credentials', []],
      ['Authorization without Bearer', [['authorization', `Basic ${key}`]]],
      ['Bearer with two tokens', [['authorization', `Bearer ${key} ${key}`]]],
      ['unknown key', [['authorization', `Bearer sk_test_${'A'.repeat(40)}`]]],
      [
        'duplicated Authorization',
        [
          ['authorization', `Bearer ${key}`],
          ['authorization', `Bearer ${key}`],
        ],
      ],
      ['session cookie that is not a session', [['cookie', 'next-auth.session-token=forged.jwt.value']]],
    ];
    if (op.serviceCode) {
      const auth: [string, string] = ['authorization', `Bearer ${key}`];
      sets.push(
        ['no X-Service-Code', [auth]],
        ['the other X-Service-Code', [auth, ['x-service-code', wrongCode]]],
        ['duplicated X-Service-Code', [auth, ['x-service-code', code], ['x-service-code', code]]],
        ['X-Service-Code in capitals', [auth, ['x-service-code', code.toUpperCase()]]],
        [
          'key without this service',
          [
            ['authorization', `Bearer ${code === 'payments' ? miniProgramOnlyKey : `sk_test_${'B'.repeat(40)}`}`],
            ['x-service-code', code],
          ],
        ],
      );
    }
    if (op.path.startsWith('/admin/'))
      sets.push(["another platform's key", [['authorization', `Bearer ${other.apiKey}`]]]);
    return fc.constantFrom(...sets);
  }

  const authHeaders = (op: Operation): [string, string][] => [
    ['authorization', `Bearer ${tenant.apiKey}`],
    ...(op.serviceCode ? [['x-service-code', op.serviceCode] as [string, string]] : []),
  ];
  const validQuery = (op: Operation) => {
    const known: Record<string, string> = { authorizerAppId: tenant.resources.appId, platform: 'providerA' };
    const required = Object.keys(op.query?.shape ?? {}).filter(
      (k) => !op.query!.shape[k]!.safeParse(undefined).success,
    );
    return Object.fromEntries(required.map((k) => [k, known[k] ?? 'x']));
  };
  const toQuery = (pairs: [string, string][]) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '');

  /** Query strings the operation's schema refuses: wrong values, repeated or unknown parameters. */
  function queryCases(op: Operation) {
    const base = Object.entries(validQuery(op));
    const names = Object.keys(op.query!.shape);
    return fc
      .oneof(
        fc
          .tuple(fc.constantFrom(...names), hostileSegment)
          .map(([name, value]): [string, string][] => [...base.filter(([k]) => k !== name), [name, value]]),
        fc
          .constantFrom(...names)
          .map((name): [string, string][] => [
            ...base,
            [name, base.find(([k]) => k === name)?.[1] ?? 'providerA'],
            [name, 'x'],
          ]),
        fc
          .string({ minLength: 1, maxLength: 10 })
          .filter((n) => !names.includes(n))
          .map((name): [string, string][] => [...base, [name, '1']]),
      )
      .filter((pairs) => {
        const seen = new Set<string>();
        const repeated = pairs.some(([k]) => seen.size === seen.add(k).size);
        return (
          repeated ||
          !op.query!.safeParse(Object.fromEntries(pairs)).success ||
          pairs.some(([, v]) => /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v))
        );
      });
  }

  function bodyCases(op: Operation, document: ReturnType<typeof buildOpenApiDocument>) {
    const broken = brokenBodies(BODY_LIMIT);
    if (!op.body) return broken;
    const requestBody = (
      document.paths[op.path]![op.method] as { requestBody: { content: Record<string, { schema: object }> } }
    ).requestBody;
    const json = resolveRef(requestBody.content['application/json']!.schema, document);
    const base = (op.bodyExample as Record<string, unknown> | undefined) ?? {};
    return fc.oneof(broken, schemaBreakingBodies(op.body, json, base));
  }

  function operationCases(op: Operation, document: ReturnType<typeof buildOpenApiDocument>): fc.Arbitrary<Case> {
    const method = op.method.toUpperCase() as HttpMethod;
    const base = {
      method,
      params: validParams(op.path),
      query: toQuery(Object.entries(validQuery(op))),
      headers: authHeaders(op),
    };
    const defaultBody: BodyCase | undefined = op.body
      ? { label: 'example', contentType: 'application/json', body: JSON.stringify(op.bodyExample ?? {}) }
      : undefined;
    const arbitraries: fc.Arbitrary<Case>[] = [
      credentialCases(op).map(([label, headers]) => ({ ...base, label, headers, body: defaultBody })),
    ];
    if (paramNames(op.path).length) {
      arbitraries.push(
        hostileParams(op.path).map((params) => ({
          ...base,
          label: `hostile path ${JSON.stringify(params)}`,
          params: params!,
          body: defaultBody,
        })),
      );
    }
    if (op.query)
      arbitraries.push(
        queryCases(op).map((pairs) => ({ ...base, label: `query ${toQuery(pairs)}`, query: toQuery(pairs) })),
      );
    if (method !== 'GET' && method !== 'DELETE')
      arbitraries.push(bodyCases(op, document).map((body) => ({ ...base, label: body.label, body })));
    return fc.oneof(...arbitraries);
  }

  const document = buildOpenApiDocument(operations, 'http://localhost:3000');

  for (const route of routes.filter((r) => r.family === 'openapi')) {
    // An operation without credentials, parameters, query or body (the OpenAPI document itself) has no input to get wrong.
    for (const op of operationsOf(route).filter(
      (o) => o.auth !== 'none' || o.body || o.query || o.path.includes('{'),
    )) {
      it(`${op.method.toUpperCase()} ${op.path}: every bad request is a 4xx problem and changes nothing`, async () => {
        await fc.assert(
          fc.asyncProperty(operationCases(op, document), (c) =>
            attack(route, c, async (response) => {
              const body = await expectProblem(response);
              // Node joins a second Authorization header with ", " (src/server/http/duplicate-headers.ts), as Headers does here.
              if (c.label === 'duplicated Authorization') expect(body.code).toBe('invalid_request');
            }),
          ),
          { numRuns: RUNS_PER_ENDPOINT },
        );
      });
    }
  }

  for (const route of routes.filter((r) => r.family === 'declared')) {
    for (const [method, input] of Object.entries(declaredInputs[route.template] ?? {}) as [
      HttpMethod,
      'none' | z.ZodType | null,
    ][]) {
      const withParams = paramNames(route.template).length > 0;
      if (input === 'none' && !withParams) continue; // reads nothing from the request: no input to get wrong
      it(`${method} ${route.template}: every bad request is a 4xx problem and changes nothing`, async () => {
        const cases: fc.Arbitrary<Case>[] = [];
        const headers: [string, string][] = declaredWithApiKey(route.template)
          ? [['authorization', `Bearer ${tenant.apiKey}`]]
          : [];
        if (withParams) {
          cases.push(
            hostileParams(route.template).map((params) => ({
              label: 'hostile path',
              method,
              params: params!,
              headers,
              body: { label: '{}', contentType: 'application/json', body: '{}' },
            })),
          );
        }
        if (input !== 'none') {
          const bodies = brokenBodies(BODY_LIMIT).filter((body) => !input || !acceptedBy(input, body));
          cases.push(
            bodies.map((body) => ({ label: body.label, method, params: validParams(route.template), headers, body })),
          );
        }
        await fc.assert(
          fc.asyncProperty(fc.oneof(...cases), (c) => attack(route, c, expectProblem)),
          { numRuns: RUNS_PER_ENDPOINT },
        );
      });
    }
  }

  it('answers 405 problem+json for every method a route file does not implement', async () => {
    for (const route of routes.filter((r) => r.family === 'openapi' || r.family === 'declared')) {
      const unsupported = httpMethods.filter((m) => !route.implemented.includes(m));
      for (const method of unsupported) {
        await attack(
          route,
          { label: 'unsupported method', method, params: validParams(route.template), headers: [] },
          async (response) => {
            expect((await expectProblem(response)).code).toBe('method_not_allowed');
            expect(response.headers.get('allow')).toBe(route.implemented.join(', '));
          },
        );
      }
    }
  });

  for (const route of routes.filter((r) => r.family === 'unknownPath')) {
    it(`${route.template}: any path, any method is a 404 problem`, async () => {
      const path = fc
        .array(hostileSegment, { minLength: 1, maxLength: 4 })
        .map((segments) => segments.map(encodeURIComponent).join('/'));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...httpMethods), path, brokenBodies(BODY_LIMIT), (method, p, body) =>
          attack(route, { label: 'unknown path', method, params: { path: p }, headers: [], body }, async (response) => {
            // A body whose framing is wrong (declared too large, malformed Content-Length) is refused before routing.
            expect(['not_found', 'payload_too_large', 'invalid_request']).toContain(
              (await expectProblem(response)).code,
            );
          }),
        ),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });
  }

  for (const route of routes.filter((r) => r.family === 'sellerLink')) {
    it(`GET ${route.template}: any token that opens nothing is a redirect to the neutral page, changing nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileSegment, (token) => {
          // The per-address limit has its own test; here every case must reach the token check.
          resetSellerLinkRateLimitsForTests();
          return attack(
            route,
            { label: 'hostile token', method: 'GET', params: { token }, headers: [] },
            async (response) => {
              expect(response.status).toBe(303);
              expect(new URL(response.headers.get('location')!).pathname).toBe('/onboard/unavailable');
              expect(response.headers.get('set-cookie')).toBeNull();
            },
          );
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });
  }

  for (const route of routes.filter((r) => r.family === 'sellerSession')) {
    for (const method of route.implemented) {
      it(`${method} ${route.template}: a missing or unknown seller session is one 404 problem, changing nothing`, async () => {
        await fc.assert(
          fc.asyncProperty(
            hostileSegment,
            fc.constantFrom('', 'seller_session=', 'seller_session=x'),
            (segment, cookie) =>
              attack(
                route,
                {
                  label: `session cookie "${cookie}"`,
                  method,
                  params: { mediaId: segment },
                  headers: cookie ? [['cookie', cookie]] : [],
                  body:
                    method === 'GET'
                      ? undefined
                      : { label: 'not multipart', body: 'not multipart', contentType: 'text/plain' },
                },
                async (response) => {
                  expect(response.status).toBe(404);
                  await expectProblem(response);
                },
              ),
          ),
          { numRuns: RUNS_PER_ENDPOINT },
        );
      });
    }
  }

  for (const route of routes.filter((r) => r.family === 'auth')) {
    it(`${route.implemented.join('/')} ${route.template}: next-auth refuses garbage without a 5xx, and bodies over the limit with 413`, async () => {
      const action = fc.oneof(
        fc.constantFrom(
          'session',
          'csrf',
          'providers',
          'signin',
          'signout',
          'callback/credentials',
          'signin/credentials',
          'error',
          'nope',
        ),
        fc
          .array(hostileSegment, { minLength: 1, maxLength: 3 })
          .map((segments) => segments.map(encodeURIComponent).join('/')),
      );
      const headers = fc.constantFrom<[string, string][]>(
        [],
        [['cookie', 'next-auth.session-token=forged.jwt.value; next-auth.csrf-token=forged%7Cvalue']],
        [
          ['authorization', 'Bearer a'],
          ['authorization', 'Bearer b'],
        ],
        [['x-forwarded-for', '203.0.113.9, 10.0.0.1']],
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...route.implemented),
          action,
          headers,
          brokenBodies(BODY_LIMIT),
          (method, nextauth, hs, body) =>
            attack(route, { label: body.label, method, params: { nextauth }, headers: hs, body }, async (response) => {
              const text = await response.text();
              expect(response.status, `${method} ${nextauth} ${body.label}: ${text.slice(0, 300)}`).toBeLessThan(500);
              expectNothingInternal(text);
              if (method === 'POST' && body.label === 'body over the limit') expect(response.status).toBe(413);
            }),
        ),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });
  }

  for (const route of routes.filter((r) => r.family === 'upstreamPush')) {
    it(`POST ${route.template}: a forged or broken push is a 4xx "fail" and changes nothing`, async () => {
      const query = fc.array(
        fc.tuple(
          fc.constantFrom('signature', 'timestamp', 'nonce', 'msg_signature', 'encrypt_type', 'sign'),
          hostileSegment,
        ),
        { maxLength: 4 },
      );
      const bodies = fc.oneof(
        brokenBodies(BODY_LIMIT),
        fc.string({ maxLength: 200 }).map<BodyCase>((s) => ({
          label: 'XML-ish',
          contentType: 'text/xml',
          body: `<xml><ToUserName>${s}</ToUserName><Encrypt>${s}</Encrypt></xml>`,
        })),
        fc.string({ maxLength: 100 }).map<BodyCase>((s) => ({
          label: 'unsigned notification',
          contentType: 'application/x-www-form-urlencoded',
          body: new URLSearchParams({
            notify_type: 'ant.merchant.expand.indirect.zft.passed',
            msg_method: 'alipay.open.mini.version.audit.passed',
            biz_content: s,
            sign: 'AAAA',
          }).toString(),
        })),
      );
      await fc.assert(
        fc.asyncProperty(hostileParams(route.template), query, bodies, (params, pairs, body) =>
          attack(
            route,
            { label: body.label, method: 'POST', params: params ?? {}, query: toQuery(pairs), headers: [], body },
            async (response) => {
              const text = await response.text();
              expect(response.status, text).toBeGreaterThanOrEqual(400);
              expect(response.status, text).toBeLessThan(500);
              expect(text).toBe('fail');
            },
          ),
        ),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });
  }

  for (const route of routes.filter((r) => r.family === 'upstreamEmulator')) {
    it(`${route.implemented.join('/')} ${route.template}: the emulated upstream refuses garbage in its own words, never with a 5xx`, async () => {
      const query = fc.array(
        fc.tuple(
          fc.constantFrom(
            'access_token',
            'component_access_token',
            'app_id',
            'pre_auth_code',
            'redirect_uri',
            'state',
            'method',
            'sign',
          ),
          hostileSegment,
        ),
        { maxLength: 4 },
      );
      const authorization = fc.constantFrom<[string, string][]>(
        [],
        [['authorization', 'WECHATPAY2-SHA256-RSA2048 mchid="1",signature="x"']],
        [['authorization', 'Bearer x']],
      );
      // Mostly the tenant's own sandbox namespace, so the garbage reaches the emulator behind it.
      const segments = (name: string) =>
        name === 'ns'
          ? fc.oneof(
              { arbitrary: fc.constant([sandboxNamespace(tenant.platformId)]), weight: 4 },
              { arbitrary: fc.array(hostileSegment, { minLength: 1, maxLength: 3 }), weight: 1 },
            )
          : fc.array(hostileSegment, { minLength: 1, maxLength: 3 });
      const params = paramNames(route.template).length
        ? fc
            .tuple(...paramNames(route.template).map(segments))
            .map((values) =>
              Object.fromEntries(
                paramNames(route.template).map((n, i) => [n, values[i]!.map(encodeURIComponent).join('/')]),
              ),
            )
        : fc.constant({});
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...route.implemented),
          params,
          query,
          authorization,
          brokenBodies(BODY_LIMIT),
          (method, p, pairs, headers, body) =>
            attack(
              route,
              { label: body.label, method, params: p, query: toQuery(pairs), headers, body },
              async (response) => {
                const text = await response.text();
                expect(response.status, text.slice(0, 300)).toBeLessThan(500);
                expectNothingInternal(text);
              },
            ),
        ),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });
  }
});

/**
 * A body some endpoint legitimately takes (e.g. `[]` clears the sandbox's faults): not bad input there. Random
 * bytes may happen to be such a body, e.g. a lone newline, which parseJsonBody reads as `{}`.
 */
function acceptedBy(schema: z.ZodType, body: BodyCase) {
  if (body.contentType !== 'application/json') return false;
  try {
    const text =
      typeof body.body === 'string'
        ? body.body
        : new TextDecoder('utf-8', { fatal: true }).decode(body.body as Uint8Array);
    return schema.safeParse(text.trim() === '' ? {} : JSON.parse(text)).success;
  } catch {
    return false;
  }
}

function resolveRef(schema: object, document: ReturnType<typeof buildOpenApiDocument>): object {
  const ref = (schema as { $ref?: string }).$ref;
  return ref ? (document.components.schemas[ref.split('/').pop()!] as object) : schema;
}

it('knows every route file: each belongs to a family, /v1 and /admin methods match the OpenAPI document, declared routes list their inputs', () => {
  const problems: string[] = [];
  for (const route of routes) {
    if (!route.family) problems.push(`${route.file}: no family (add a rule to test/support/route-families.ts)`);
    if (route.family === 'openapi') {
      const documented = operationsOf(route)
        .map((op) => op.method.toUpperCase())
        .sort();
      if (JSON.stringify(documented) !== JSON.stringify([...route.implemented].sort())) {
        problems.push(
          `${route.file}: implements ${route.implemented.join(',')} but OpenAPI documents ${documented.join(',') || 'nothing'}`,
        );
      }
    }
    if (route.family === 'declared') {
      const declared = Object.keys(declaredInputs[route.template] ?? {}).sort();
      if (JSON.stringify(declared) !== JSON.stringify([...route.implemented].sort())) {
        problems.push(
          `${route.file}: implements ${route.implemented.join(',')} but declaredInputs lists ${declared.join(',') || 'nothing'}`,
        );
      }
    }
  }
  expect(problems).toEqual([]);
  expect(routes.length).toBeGreaterThan(30);
});
