/**
 * Limits of the console API (/api/trpc and /api/auth), through the real route handlers with real next-auth
 * session cookies: the /v1 body limit (declared or streamed), at most TRPC_MAX_BATCH_SIZE procedures a request,
 * and a token bucket per operator (per client address when signed out). Over real HTTP against the production
 * build: e2e/api/console-limits.spec.ts.
 */
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import * as authRoute from '@/app/api/auth/[...nextauth]/route';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import { operators } from '@/server/db/schema';
import { resetConsoleRateLimitsForTests } from '@/server/http/console-rate-limit';
import { createOperator } from '@/server/services/operators/create-operator';
import { TRPC_MAX_BATCH_SIZE } from '@/schemas/trpc-batch-limit';
import { describeEachDatabase } from '../support/databases';
import { inRequestScope, sessionCookie, useRequestScope } from '../support/next-request-scope';
import { useEnv } from '../support/scoped-env';
import { SOCKET_ADDRESS_HEADER } from '@/server/http/trusted-proxy';

const SITE = 'http://localhost:3000';
const LIMIT = 64 * 1024;

type NextRequestInit = ConstructorParameters<typeof NextRequest>[1];
type TrpcError = { error: { message: string; data: { code: string; httpStatus: number; appCode?: string } } };

const callTrpc = (request: Request) =>
  inRequestScope((r: Request) => (r.method === 'GET' ? trpcRoute.GET(r) : trpcRoute.POST(r)))(request);
const callAuth = (request: NextRequest, action: string[]) =>
  inRequestScope((r: Request) =>
    (r.method === 'GET' ? authRoute.GET : authRoute.POST)(r, { params: Promise.resolve({ nextauth: action }) }),
  )(request);

/** A body that streams `total` bytes in 16 KB chunks and counts how many the server pulled. */
function countingStream(total: number) {
  const chunk = new Uint8Array(16 * 1024).fill(0x20);
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

describeEachDatabase('console API limits', (database) => {
  useRequestScope();
  useEnv({ API_BODY_LIMIT_BYTES: String(LIMIT), CONSOLE_RATE_LIMIT_PER_SECOND: '1', CONSOLE_RATE_LIMIT_BURST: '12' });
  beforeEach(() => resetConsoleRateLimitsForTests());
  let operatorId: string;
  let cookie: string;
  let counter = 0;
  const newOperator = async () =>
    (
      await createOperator(
        { db: database().db, actor: 'test' },
        {
          email: `limits-${++counter}-${Date.now()}@example.com`,
          password: 'a long enough password',
          name: 'Limits',
        },
      )
    ).operatorId;
  beforeAll(async () => {
    operatorId = await newOperator();
    cookie = await sessionCookie(operatorId);
  });
  const locale = async () =>
    (await database().db.select({ locale: operators.locale }).from(operators).where(eq(operators.id, operatorId)))[0]!
      .locale;
  const setLocaleBatch = (size: number, init: { body?: BodyInit; headers?: Record<string, string> } = {}) =>
    new Request(`${SITE}/api/trpc/${Array(size).fill('me.setLocale').join(',')}?batch=1`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', ...init.headers },
      body:
        init.body ?? JSON.stringify(Object.fromEntries(Array.from({ length: size }, (_, i) => [i, { locale: 'en' }]))),
      duplex: 'half',
    } as RequestInit);

  it(`refuses a batch of more than ${TRPC_MAX_BATCH_SIZE} procedures with 400 before any of them runs`, async () => {
    await database().db.update(operators).set({ locale: 'zh-CN' }).where(eq(operators.id, operatorId));
    const tooMany = await callTrpc(setLocaleBatch(TRPC_MAX_BATCH_SIZE + 1));
    expect(tooMany.status).toBe(400);
    const body = (await tooMany.json()) as TrpcError;
    expect(body.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, appCode: 'invalid_request' });
    expect(body.error.message).toBe(
      `A batch may call at most ${TRPC_MAX_BATCH_SIZE} procedures; this one calls ${TRPC_MAX_BATCH_SIZE + 1}. Send smaller batches.`,
    );
    expect(await locale()).toBe('zh-CN');
    const hundredQueries = await callTrpc(
      new Request(`${SITE}/api/trpc/${Array(100).fill('me.get').join(',')}?batch=1&input={}`, { headers: { cookie } }),
    );
    expect(hundredQueries.status).toBe(400);
    const encodedCommas = await callTrpc(
      new Request(`${SITE}/api/trpc/${Array(11).fill('me.get').join('%2C')}?batch=1&input={}`, { headers: { cookie } }),
    );
    expect(encodedCommas.status).toBe(400);
    const full = await callTrpc(setLocaleBatch(TRPC_MAX_BATCH_SIZE));
    expect(full.status).toBe(200);
    expect(await locale()).toBe('en');
  });

  it('refuses a declared body over API_BODY_LIMIT_BYTES with 413 without reading it, on /api/trpc and /api/auth', async () => {
    const { stream, counter: trpcRead } = countingStream(10 * LIMIT);
    const trpc = await callTrpc(setLocaleBatch(1, { body: stream, headers: { 'content-length': String(10 * LIMIT) } }));
    expect(trpc.status).toBe(413);
    expect(((await trpc.json()) as TrpcError).error.data).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      appCode: 'payload_too_large',
    });
    expect(trpcRead.pulled).toBeLessThanOrEqual(16 * 1024); // a stream may pre-pull one chunk; nothing is read
    const { stream: authStream, counter: authRead } = countingStream(10 * LIMIT);
    const auth = await callAuth(
      new NextRequest(`${SITE}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(10 * LIMIT) },
        body: authStream,
        duplex: 'half',
      } as NextRequestInit),
      ['callback', 'credentials'],
    );
    expect(auth.status).toBe(413);
    expect(auth.headers.get('content-type')).toBe('application/problem+json');
    expect(((await auth.json()) as { code: string }).code).toBe('payload_too_large');
    expect(authRead.pulled).toBeLessThanOrEqual(16 * 1024);
  });

  it('cuts a streamed body off with 413 once it grows past the limit, having read no more than the limit and a chunk', async () => {
    const { stream, counter: read } = countingStream(100 * LIMIT);
    const trpc = await callTrpc(setLocaleBatch(1, { body: stream }));
    expect(trpc.status).toBe(413);
    expect(read.pulled).toBeLessThanOrEqual(LIMIT + 2 * 16 * 1024);
    const { stream: authStream, counter: authRead } = countingStream(100 * LIMIT);
    const auth = await callAuth(
      new NextRequest(`${SITE}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: authStream,
        duplex: 'half',
      } as NextRequestInit),
      ['callback', 'credentials'],
    );
    expect(auth.status).toBe(413);
    expect(authRead.pulled).toBeLessThanOrEqual(LIMIT + 2 * 16 * 1024);
  });

  it('limits each operator: every procedure of a batch spends a token; past the burst 429 with Retry-After and RateLimit headers', async () => {
    const busy = await sessionCookie(await newOperator());
    const query = (who: string, size = 1) =>
      callTrpc(
        new Request(`${SITE}/api/trpc/${Array(size).fill('me.get').join(',')}?batch=1&input={}`, {
          headers: { cookie: who },
        }),
      );
    const batch = await query(busy, 10);
    expect(batch.status).toBe(200);
    expect(batch.headers.get('ratelimit-policy')).toBe('"console";q=1;w=1');
    expect(batch.headers.get('ratelimit')).toMatch(/^"console";r=2;t=\d+$/);
    // Two tokens are left; the bucket refills one a second, so a loaded machine may earn one more per second spent.
    const started = Date.now();
    let allowed = 0;
    let limited = await query(busy);
    while (limited.status === 200 && allowed < 20) {
      allowed++;
      limited = await query(busy);
    }
    expect(limited.status).toBe(429);
    expect(allowed).toBeGreaterThanOrEqual(2);
    expect(allowed).toBeLessThanOrEqual(2 + Math.ceil((Date.now() - started) / 1000));
    expect(((await limited.json()) as TrpcError).error.data).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      appCode: 'rate_limited',
    });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit')).toBe('"console";r=0;t=1');
    // Another operator has a bucket of its own.
    expect((await query(await sessionCookie(await newOperator()), 10)).status).toBe(200);
  });

  it('limits signed-out callers per client address, on /api/trpc and /api/auth alike', async () => {
    // The TCP peer as socket-address.ts records it (forwarding headers are not believed without a trusted proxy).
    const fromAddress = (address: string) => ({ [SOCKET_ADDRESS_HEADER]: address });
    const anonymous = (address: string) =>
      callTrpc(new Request(`${SITE}/api/trpc/me.get`, { headers: fromAddress(address) }));
    const csrf = (address: string) =>
      callAuth(new NextRequest(`${SITE}/api/auth/csrf`, { headers: fromAddress(address) }), ['csrf']);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await anonymous('203.0.113.7')).status, (await csrf('203.0.113.7')).status);
    expect(statuses).toEqual(Array(6).fill([401, 200]).flat());
    const limitedTrpc = await anonymous('203.0.113.7');
    expect(limitedTrpc.status).toBe(429);
    const limitedAuth = await csrf('203.0.113.7');
    expect(limitedAuth.status).toBe(429);
    expect(limitedAuth.headers.get('content-type')).toBe('application/problem+json');
    expect(limitedAuth.headers.get('retry-after')).toBe('1');
    expect(((await limitedAuth.json()) as { code: string }).code).toBe('rate_limited');
    expect((await anonymous('203.0.113.8')).status).toBe(401);
    expect((await csrf('203.0.113.8')).status).toBe(200);
  });
});
