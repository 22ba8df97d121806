/**
 * Tampered cursors and out-of-range dates on every list: the REST operations whose query takes `cursor`,
 * `createdAfter` or `createdBefore`, and the tRPC procedures whose input takes `cursor`, `from` or `to`, found from
 * the OpenAPI operations and the router so a new list is attacked without new test code. A cursor is opaque
 * base64url JSON, so the fuzzer forges well-shaped ones whose values PostgreSQL cannot take (year 0, garbage
 * timestamps, NUL, lone surrogates): each must be a 400 that names the parameter, never a 500.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resetEnvForTests } from '@/env';
import type { RouteHandler } from '@/server/http/define-route';
import { expectProblem, reportRequestCount } from '../support/bad-requests';
import { callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { changedTables, databaseSnapshotter } from '../support/db-snapshot';
import { inRequestScope, sessionCookie, useRequestScope } from '../support/next-request-scope';
import { listRouteFiles, operationsOf, routeParams } from '../support/route-files';
import { createTenantWithResources, type TenantWithResources } from '../support/tenant-resources';
import { callTrpcOverHttp, trpcProcedures } from '../support/trpc-procedures';

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 30);

/** Times PostgreSQL refuses (no year 0) or that name no time this service could have recorded. */
const hostileInstant = fc.constantFrom(
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00.000Z',
  '0000-01-01 00:00:00+00',
  '-000001-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '10000-01-01T00:00:00Z',
  '1899-12-31T23:59:59Z',
  'infinity',
  '-infinity',
  'epoch',
  'now',
  'yesterday',
  '2026-13-01T00:00:00Z',
  '2026-11-28 25:00:00+00',
  "2026-11-28'; drop table audit_log; --",
  '',
);
const hostileDay = fc.constantFrom('0000-01-01', '0001-01-01', '1899-12-31', '10000-01-01', '2026-02-30', 'today');
/** Text PostgreSQL cannot compare (NUL) or encode (a lone surrogate), and sheer length. */
const hostileText = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800', ''),
  fc.integer({ min: 65, max: 400 }).map((n) => 'x'.repeat(n)),
);
const anyValue = fc.oneof(hostileInstant, hostileText, fc.constantFrom<unknown>(null, 1, [], {}, true));
const opaque = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Cursors shaped like the ones the lists return, with values PostgreSQL cannot take, and plain garbage. */
const forgedCursor = fc.oneof(
  fc.tuple(hostileInstant, fc.constantFrom('sm_x', 'evt_x', 'x')).map(opaque),
  fc.tuple(fc.constant('2026-11-28T01:05:21.123Z'), hostileText).map(opaque),
  fc.tuple(anyValue, anyValue).map(opaque),
  // The work queue's default view (updated, newest first) decodes only its own sort's cursor.
  fc
    .tuple(hostileInstant, fc.constantFrom('sm_x', '\u0000', '\ud800'))
    .map(([at, id]) => opaque({ sort: 'updated', direction: 'desc', values: [at, id] })),
  fc
    .record({
      sort: fc.constantFrom('updated', 'name', 'state'),
      direction: fc.constantFrom('asc', 'desc'),
      values: fc.oneof(
        fc.tuple(hostileInstant, fc.constant('sm_x')),
        fc.tuple(hostileText, fc.constant('sm_x')),
        fc.tuple(fc.constant('b'), hostileInstant, fc.constant('sm_x')),
        fc.tuple(fc.constant('b'), fc.constant('2026-11-28 01:05:21.123456+00'), hostileText),
      ),
    })
    .map(opaque),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map((s) => Buffer.from(s).toString('base64url')),
);

const restLists = listRouteFiles().flatMap((route) =>
  operationsOf(route)
    .filter(
      (op) =>
        op.method === 'get' &&
        op.query &&
        ['cursor', 'createdAfter', 'createdBefore'].some((k) => k in op.query!.shape),
    )
    .map((op) => ({
      route,
      op,
      names: ['cursor', 'createdAfter', 'createdBefore'].filter((k) => k in op.query!.shape),
    })),
);
const trpcLists = trpcProcedures
  .filter((p) => p.type === 'query' && ['cursor', 'from', 'to'].some((k) => p.fields.includes(k)))
  .map((p) => ({ ...p, names: ['cursor', 'from', 'to'].filter((k) => p.fields.includes(k)) }));

it('finds the lists to attack', () => {
  expect(restLists.map(({ op }) => op.path)).toEqual(
    expect.arrayContaining(['/v1/payments/sub-merchants', '/v1/events']),
  );
  expect(trpcLists.map((p) => p.path)).toEqual(
    expect.arrayContaining(['auditLog.list', 'events.listDeliveries', 'subMerchantConsole.queue']),
  );
});

describeEachDatabase('tampered cursors and dates on every list', (database, driver) => {
  useRequestScope();
  const snapshot = databaseSnapshotter(database);
  let tenant: TenantWithResources;
  let cookie: string;
  let sent = 0;

  beforeAll(async () => {
    process.env.API_RATE_LIMIT_PER_SECOND = process.env.API_RATE_LIMIT_BURST = '1000000';
    resetEnvForTests();
    tenant = await createTenantWithResources(database().db);
    cookie = await sessionCookie(tenant.ids.admin);
  });
  afterAll(() => {
    delete process.env.API_RATE_LIMIT_PER_SECOND;
    delete process.env.API_RATE_LIMIT_BURST;
    resetEnvForTests();
    reportRequestCount(`[bad-input] ${sent} tampered cursors and dates [${driver}]`);
  });

  for (const { route, op, names } of restLists) {
    it(`GET ${op.path}: a forged cursor or an out-of-range date is a 400 naming it, and changes nothing`, async () => {
      const handler = inRequestScope((await route.load()).GET as RouteHandler);
      const cases = fc.oneof(
        ...names.map((name) =>
          (name === 'cursor' ? forgedCursor : hostileInstant).map((value): [string, string] => [name, value]),
        ),
      );
      const baseline = await snapshot();
      await fc.assert(
        fc.asyncProperty(cases, async ([name, value]) => {
          sent++;
          const response = await callRoute(handler, `${op.path}?${new URLSearchParams({ [name]: value })}`, {
            headers: {
              authorization: `Bearer ${tenant.apiKey}`,
              ...(op.serviceCode ? { 'x-service-code': op.serviceCode } : {}),
            },
            // A list under a provider (`/v1/miniprogram/{platform}/…`) is attacked under one of them.
            params: routeParams(op.path, { platform: 'providerA' }),
          });
          const body = (await expectProblem(response)) as { errors?: { pointer: string }[] };
          expect(response.status).toBe(400);
          expect(body.errors?.map((e) => e.pointer)).toContain(`/query/${name}`);
        }),
        { numRuns: RUNS },
      );
      expect(changedTables(baseline, await snapshot())).toEqual([]);
    });
  }

  for (const procedure of trpcLists) {
    it(`tRPC ${procedure.path}: a forged cursor or an out-of-range day is BAD_REQUEST naming it`, async () => {
      const cases = fc.oneof(
        ...procedure.names.map((name) =>
          (name === 'cursor' ? forgedCursor : hostileDay).map((value): [string, string] => [name, value]),
        ),
      );
      await fc.assert(
        fc.asyncProperty(cases, async ([name, value]) => {
          sent++;
          const { status, text } = await callTrpcOverHttp({
            method: 'GET',
            path: procedure.path,
            input: JSON.stringify({
              platformId: tenant.platformId,
              ...(procedure.fields.includes('platform') ? { platform: 'providerA' } : {}),
              [name]: value,
            }),
            cookie,
          });
          expect(status, text.slice(0, 300)).toBe(400);
          const body = JSON.parse(text) as { error: { data: { code: string; errors: { pointer: string }[] } } };
          expect(body.error.data.code).toBe('BAD_REQUEST');
          // A cursor the shared decoder refuses is named as REST names it (/query/cursor); both name the parameter.
          expect(body.error.data.errors.map((e) => e.pointer)).toContainEqual(expect.stringMatching(`/${name}$`));
        }),
        { numRuns: RUNS },
      );
    });
  }
});
