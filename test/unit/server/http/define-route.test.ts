import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { addResponseHeaders } from '@/server/request-context';
import { callRoute } from '../../../support/call-route';
import { defineRoute, type RouteHandler } from '@/server/http/define-route';

// Every way a handler can fail must become one problem+json answer with the request id, never a rejection that
// reaches Next.js.
const serveOnce = (handler: RouteHandler, init: RequestInit = {}) =>
  callRoute(defineRoute({ GET: handler }).GET, '/v1/things', init);

async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const requestId = response.headers.get('x-request-id');
  expect(requestId).toMatch(/^req_/);
  expect(await response.json()).toMatchObject({ status, code, requestId });
}

describe('defineRoute', () => {
  it('answers a synchronous throw as its problem', async () => {
    await expectProblem(
      await serveOnce(() => {
        throw new AppError('forbidden', 'Not yours.');
      }),
      403,
      'forbidden',
    );
  });

  it('answers a rejection as its problem, and a non-AppError as 500 without internals', async () => {
    await expectProblem(
      await serveOnce(async () => Promise.reject(new AppError('not_found', 'Gone.'))),
      404,
      'not_found',
    );
    const response = await serveOnce(async () => {
      throw new Error('database password is hunter2');
    });
    await expectProblem(response.clone(), 500, 'internal_error');
    expect(await response.text()).not.toContain('hunter2');
  });

  it('answers 500 when the handler returns a response whose headers cannot be changed', async () => {
    // Response.redirect's headers are immutable, so adding x-request-id throws after the handler resolved.
    await expectProblem(
      await serveOnce(async () => Response.redirect('https://example.com/', 302)),
      500,
      'internal_error',
    );
  });

  it('adds the request id and the headers code deep in the request asked for', async () => {
    const response = await serveOnce(async () => {
      addResponseHeaders({ RateLimit: '"default";r=9;t=1' });
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(response.headers.get('ratelimit')).toBe('"default";r=9;t=1');
  });

  it('refuses a declared body over the limit before the handler runs', async () => {
    let ran = false;
    const route = defineRoute(
      {
        POST: async () => {
          ran = true;
          return new Response(null, { status: 204 });
        },
      },
      { bodyLimitBytes: 10 },
    );
    const response = await callRoute(route.POST, '/v1/things', {
      method: 'POST',
      body: 'x'.repeat(11),
      headers: { 'content-length': '11' },
    });
    await expectProblem(response, 413, 'payload_too_large');
    expect(ran).toBe(false);
  });

  it('answers a method the file does not implement with 405 and Allow', async () => {
    const route = defineRoute({ GET: async () => new Response(null, { status: 204 }) });
    const response = await callRoute(route.DELETE, '/v1/things', { method: 'DELETE' });
    expect(response.headers.get('allow')).toBe('GET');
    await expectProblem(response, 405, 'method_not_allowed');
  });
});
