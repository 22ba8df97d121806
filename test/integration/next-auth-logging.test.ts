/**
 * next-auth's own error, warning and debug output goes through the service's logger: one JSON line each, with
 * the request id and the same redaction, instead of next-auth's console format on stderr.
 */
import fs from 'node:fs';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as authRoute from '@/app/api/auth/[...nextauth]/route';
import { authOptions } from '@/server/auth/auth-options';
import { flushLogs } from '@/server/logger';
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

  it('a forged session cookie logs JWT_SESSION_ERROR as one JSON line with the request id, nothing on the console', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const request = new NextRequest('http://localhost:3000/api/auth/session', {
      headers: { cookie: 'next-auth.session-token=eyJhbGciOiJkaXIifQ.forged.x' },
    });
    const response = await inRequestScope((r: Request) =>
      authRoute.GET(r, { params: Promise.resolve({ nextauth: ['session'] }) }),
    )(request);
    expect(response.status).toBe(200);
    const line = logLines().find((l) => l.nextAuth === 'JWT_SESSION_ERROR');
    expect(line).toMatchObject({
      level: 50,
      msg: 'next-auth: JWT_SESSION_ERROR',
      requestId: expect.stringMatching(/^req_/),
    });
    expect(line!.err?.message).toEqual(expect.any(String));
    expect(consoleError).not.toHaveBeenCalled();
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
