/**
 * Bad input on every tRPC procedure, over HTTP through the real /api/trpc route with a real
 * next-auth session cookie, generated from the router so a new procedure is attacked without new test code.
 * Every refusal is a 4xx tRPC error with a code, no stack, and the database is unchanged.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  controlCharacterString,
  expectNothingInternal,
  hostileSegment,
  illFormedString,
  reportRequestCount,
  wrongTypedValue,
} from '../support/bad-requests';
import { describeEachDatabase } from '../support/databases';
import { changedTables, databaseSnapshotter, type DbSnapshot } from '../support/db-snapshot';
import { sessionCookie, useRequestScope } from '../support/next-request-scope';
import { useEnv } from '../support/scoped-env';
import { createTenantWithResources, type TenantWithResources } from '../support/tenant-resources';
import { TRPC_MAX_BATCH_SIZE } from '@/schemas/trpc-batch-limit';
import { callTrpcOverHttp, trpcProcedures as procedures, type TrpcProcedure } from '../support/trpc-procedures';

const RUNS_PER_PROCEDURE = Number(process.env.BAD_INPUT_RUNS ?? 20);

type WireCase = {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  input?: string;
  contentType?: string;
  cookie?: string | null;
  search?: string;
  headers?: [string, string][];
};

// Small enough that "over the limit" bodies stay cheap; the check is the same at any limit.
const BODY_LIMIT = 64 * 1024;

describeEachDatabase('bad input on every tRPC procedure', (database, driver) => {
  useRequestScope();
  useEnv({ API_BODY_LIMIT_BYTES: String(BODY_LIMIT) });
  const snapshot = databaseSnapshotter(database);
  let tenant: TenantWithResources;
  let cookie: string;
  let casesRun = 0;
  let baseline: DbSnapshot | undefined;

  beforeAll(async () => {
    tenant = await createTenantWithResources(database().db);
    cookie = await sessionCookie(tenant.ids.admin);
  });
  beforeEach(() => {
    baseline = undefined;
  });
  afterAll(() =>
    reportRequestCount(`[bad-input] ${casesRun} tRPC requests over ${procedures.length} procedures [${driver}]`),
  );

  async function attack(c: WireCase) {
    casesRun++;
    baseline ??= await snapshot();
    const response = await callTrpcOverHttp({ ...c, cookie: c.cookie === null ? null : (c.cookie ?? cookie) });
    const { text } = response;
    expect(response.status, `${c.path} ${c.label}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(response.status, `${c.path} ${c.label}: ${text.slice(0, 300)}`).toBeLessThan(500);
    const body = JSON.parse(text) as { error: { data: { code: string; httpStatus: number; stack?: unknown } } };
    expect(body.error.data.code).toEqual(expect.any(String));
    expect(body.error.data.httpStatus).toBe(response.status);
    expect(body.error.data.stack).toBeUndefined();
    expectNothingInternal(text);
    expect(changedTables(baseline, await snapshot()), `${c.path} ${c.label}`).toEqual([]);
  }

  /** Inputs the procedure's schemas refuse, or that carry control characters (refused for every procedure). */
  function badInputs(procedure: TrpcProcedure) {
    const base = { platformId: tenant.platformId };
    const refused = (input: unknown) => procedure.inputs.some((schema) => !schema.safeParse(input).success);
    const cases: fc.Arbitrary<[string, unknown]>[] = [
      fc.constantFrom<[string, unknown]>(
        ['no input', undefined],
        ['null', null],
        ['a number', 1],
        ['a string', 'x'],
        ['an array', [base]],
      ),
      hostileSegment.map((platformId): [string, unknown] => ['hostile platformId', { ...base, platformId }]),
      controlCharacterString.map((text): [string, unknown] => [
        'control characters',
        { ...base, [procedure.fields.find((f) => f !== 'platformId') ?? 'platformId']: text },
      ]),
      illFormedString.map((text): [string, unknown] => [
        'a lone surrogate',
        { ...base, [procedure.fields.find((f) => f !== 'platformId') ?? 'platformId']: text },
      ]),
    ];
    if (procedure.fields.length) {
      cases.push(
        fc
          .tuple(fc.constantFrom(...procedure.fields), wrongTypedValue)
          .map(([field, value]): [string, unknown] => [
            `${field} = ${JSON.stringify(value)}`,
            { ...base, [field]: value },
          ])
          .filter(([, input]) => refused(input)),
      );
    }
    return fc.oneof(...cases);
  }

  it('every procedure with an object input refuses an unknown field by name, as REST does', async () => {
    const strict = procedures.filter((p) => p.inputs.length && p.inputs.every((s) => 'shape' in s));
    expect(strict.length).toBeGreaterThan(40);
    for (const procedure of strict) {
      casesRun++;
      const { status, text } = await callTrpcOverHttp({
        method: procedure.type === 'query' ? 'GET' : 'POST',
        path: procedure.path,
        input: JSON.stringify({
          ...(procedure.fields.includes('platformId') ? { platformId: tenant.platformId } : {}),
          tenantIdd: 'x',
        }),
        contentType: 'application/json',
        cookie,
      });
      expect(status, `${procedure.path}: ${text.slice(0, 300)}`).toBe(400);
      const body = JSON.parse(text) as { error: { data: { errors: { pointer: string; code: string }[] } } };
      expect(body.error.data.errors, procedure.path).toEqual([
        expect.objectContaining({ pointer: '/tenantIdd', code: 'unrecognized_keys' }),
      ]);
    }
  });

  for (const procedure of procedures) {
    it(`${procedure.type} ${procedure.path}: every bad input is a 4xx tRPC error and changes nothing`, async () => {
      const method = procedure.type === 'query' ? 'GET' : 'POST';
      const valid = JSON.stringify({ platformId: tenant.platformId });
      const batchOf = (size: number) =>
        JSON.stringify(
          Object.fromEntries(Array.from({ length: size }, (_, i) => [i, { platformId: tenant.platformId }])),
        );
      const tooMany = TRPC_MAX_BATCH_SIZE + 1;
      const limits = fc.constantFrom<WireCase>(
        {
          label: 'batch over the limit',
          method,
          path: Array(tooMany).fill(procedure.path).join(','),
          search: `?batch=1${method === 'GET' ? `&input=${encodeURIComponent(batchOf(tooMany))}` : ''}`,
          input: batchOf(tooMany),
          contentType: 'application/json',
        },
        {
          label: 'batch over the limit, commas percent-encoded',
          method,
          path: Array(tooMany).fill(procedure.path).join('%2C'),
          search: '?batch=1',
          input: '{}',
          contentType: 'application/json',
        },
        {
          label: 'malformed percent-encoding in the path',
          method,
          path: `${procedure.path}%E0%A4%A`,
          input: valid,
          contentType: 'application/json',
        },
        {
          label: 'malformed percent-encoding in a batch path',
          method,
          path: `${procedure.path},%ZZ`,
          search: '?batch=1',
          input: '{}',
          contentType: 'application/json',
        },
        {
          label: 'declared body over the limit',
          method,
          path: procedure.path,
          input: valid,
          contentType: 'application/json',
          headers: [['content-length', String(BODY_LIMIT * 100)]],
        },
        {
          label: 'malformed Content-Length',
          method,
          path: procedure.path,
          input: valid,
          contentType: 'application/json',
          headers: [['content-length', '1e9']],
        },
      );
      // Mutations read a body: one over the limit is cut off while it is read, and a second Content-Type (joined
      // with ", " as Node now does) is not JSON. Queries take their input from the URL.
      const bodies =
        method === 'POST'
          ? fc.constantFrom<WireCase>(
              {
                label: 'body over the limit',
                method,
                path: procedure.path,
                input: JSON.stringify({ platformId: 'x'.repeat(BODY_LIMIT) }),
                contentType: 'application/json',
              },
              {
                label: 'duplicated Content-Type',
                method,
                path: procedure.path,
                input: valid,
                contentType: 'application/json',
                headers: [['content-type', 'text/plain']],
              },
            )
          : limits;
      const wire = fc.constantFrom<WireCase>(
        {
          label: 'not signed in',
          method,
          path: procedure.path,
          input: JSON.stringify({ platformId: tenant.platformId }),
          contentType: 'application/json',
          cookie: null,
        },
        {
          label: 'forged session',
          method,
          path: procedure.path,
          input: JSON.stringify({ platformId: tenant.platformId }),
          contentType: 'application/json',
          cookie: 'next-auth.session-token=eyJ.forged.x',
        },
        {
          label: 'wrong method',
          method: method === 'GET' ? 'POST' : 'GET',
          path: procedure.path,
          input: JSON.stringify({ platformId: tenant.platformId }),
          contentType: 'application/json',
        },
        {
          label: 'malformed JSON',
          method,
          path: procedure.path,
          input: '{"platformId":',
          contentType: 'application/json',
        },
        {
          label: 'unknown procedure',
          method,
          path: `${procedure.path}.nope`,
          input: '{}',
          contentType: 'application/json',
        },
      );
      const input = badInputs(procedure).map(([label, value]): WireCase => ({
        label,
        method,
        path: procedure.path,
        input: value === undefined ? undefined : JSON.stringify(value),
        contentType: 'application/json',
      }));
      // A procedure without input (me.get) has only the wire and the session to get wrong.
      const wireAndLimits = fc.oneof(wire, limits, bodies);
      const cases = procedure.inputs.length
        ? fc.oneof(wireAndLimits, input)
        : wireAndLimits.filter((c) => c.label !== 'malformed JSON');
      await fc.assert(fc.asyncProperty(cases, attack), { numRuns: RUNS_PER_PROCEDURE });
    });
  }
});
