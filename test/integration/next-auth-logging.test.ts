/**
 * next-auth's own error, warning and debug output goes through the service's logger: one JSON line each, with
 * the request id and the same redaction, instead of next-auth's console format on stderr.
 */
import fs from 'node:fs';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as authRoute from '@/app/api/auth/[...nextauth]/route';
import { authOptions } from '@/server/auth/auth-options';
import { currentOperatorId } from '@/server/auth/current-operator';
import { flushLogs } from '@/server/logger';
import { requestContext } from '@/server/request-context';
import { inRequestScope, useRequestScope } from '../support/next-request-scope';

type LogLine = {
  level: number;
  msg: string;
  nextAuth?: string;
  requestId?: string;
  err?: { message?: string };
  metadata?: Record<string, unknown>;
};

const logLines = (): LogLine[] => {
  flushLogs();
  return fs
    .readFileSync(process.env.LOG_FILE!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
};

describe('next-auth output through the redacting logger', () => {
  useRequestScope();
  afterEach(() => vi.restoreAllMocks());

  it('a forged session cookie is a signed-out visitor: one info line with the request id, no stack, nothing on the console', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const request = new NextRequest('http://localhost:3000/api/auth/session', {
      headers: { cookie: 'next-auth.session-token=eyJhbGciOiJkaXIifQ.forged.x' },
    });
    const before = logLines().length;
    const response = await inRequestScope((r: Request) =>
      authRoute.GET(r, { params: Promise.resolve({ nextauth: ['session'] }) }),
    )(request);
    expect(response.status).toBe(200);
    // The route reads the session twice (rate-limit key, next-auth itself): still one line.
    const lines = logLines()
      .slice(before)
      .filter((l) => l.nextAuth === 'JWT_SESSION_ERROR');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, requestId: expect.stringMatching(/^req_/) });
    expect(lines[0]!.err).toBeUndefined();
    expect(JSON.stringify(lines[0])).not.toContain(process.cwd());
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('reading a forged cookie several times in one request logs one line; outside a route, still with a request id', async () => {
    const request = new Request('http://localhost:3000/platforms', {
      headers: { cookie: 'next-auth.session-token=eyJhbGciOiJkaXIifQ.forged.y' },
    });
    const before = logLines().length;
    const read = inRequestScope(async () => new Response(JSON.stringify(await currentOperatorId())));
    // A layout, its page and the tRPC caller of one request each read the session.
    await requestContext.run({ requestId: 'req_page1' }, async () => {
      for (let i = 0; i < 3; i++) expect(await (await read(request)).json()).toBeNull();
    });
    // A page renders outside any route's context: the session check opens one.
    expect(await (await read(request)).json()).toBeNull();
    const lines = logLines()
      .slice(before)
      .filter((l) => l.nextAuth === 'JWT_SESSION_ERROR');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, requestId: 'req_page1' }),
      expect.objectContaining({ level: 30, requestId: expect.stringMatching(/^req_/) }),
    ]);
    expect(lines.filter((l) => l.err)).toEqual([]);
  });

  it('POST /api/auth/_log writes nothing, whatever level and text it names', async () => {
    const before = logLines().length;
    const response = await inRequestScope((r: Request) =>
      authRoute.POST(r, { params: Promise.resolve({ nextauth: ['_log'] }) }),
    )(
      new NextRequest('http://localhost:3000/api/auth/_log', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ level: 'error', code: 'ATTACKER_TEXT', message: 'x'.repeat(10_000) }),
      }),
    );
    expect(response.status).toBe(204);
    expect(JSON.stringify(logLines().slice(before))).not.toContain('ATTACKER_TEXT');
  });

  it('redacts secrets in what next-auth hands the logger, at warn and debug too', () => {
    const logger = authOptions().logger as Required<NonNullable<ReturnType<typeof authOptions>['logger']>>;
    logger.error('CALLBACK_CREDENTIALS_HANDLER_ERROR', {
      error: new Error('boom'),
      credentials: { email: 'a@example.com', password: 'hunter2-secret' },
    } as never);
    logger.warn('NEXTAUTH_URL');
    logger.debug('OAUTH_CALLBACK_RESPONSE', { token: 'tok_secret_value', password: 'hunter3-secret' });
    const lines = logLines();
    const text = JSON.stringify(lines);
    expect(text).not.toContain('hunter2-secret');
    expect(text).not.toContain('hunter3-secret');
    expect(text).not.toContain('tok_secret_value');
    expect(lines.find((l) => l.nextAuth === 'CALLBACK_CREDENTIALS_HANDLER_ERROR')).toMatchObject({
      level: 50,
      err: { message: 'boom' },
    });
    expect(lines.find((l) => l.nextAuth === 'NEXTAUTH_URL')).toMatchObject({ level: 40 });
    expect(lines.find((l) => l.nextAuth === 'OAUTH_CALLBACK_RESPONSE')).toMatchObject({ level: 20 });
  });
});
