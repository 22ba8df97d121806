import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from '@/server/services/events/send-webhook';

describe('one webhook attempt over HTTP', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      if (req.url === '/big') {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('é'.repeat(100_000));
        return;
      }
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('succeeds on any 2xx, even without a body', async () => {
    expect(await sendWebhook({ url: `${base}/ok`, body: '{}', headers: {} })).toEqual({
      ok: true,
      statusCode: 204,
      error: null,
      responseSnippet: null,
    });
  });

  it('keeps the first 500 characters of a large error response', async () => {
    const outcome = await sendWebhook({ url: `${base}/big`, body: '{}', headers: {} });
    expect(outcome).toMatchObject({ ok: false, statusCode: 500, error: 'HTTP 500' });
    expect(outcome.responseSnippet).toBe('é'.repeat(500));
  });

  it('gives up after the timeout', async () => {
    const outcome = await sendWebhook({ url: `${base}/slow`, body: '{}', headers: {}, timeoutMs: 300 });
    expect(outcome).toEqual({ ok: false, statusCode: null, error: 'timed out after 0.3 s', responseSnippet: null });
  });

  it('reports a refused connection by its code', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await sendWebhook({ url: `http://127.0.0.1:${port}/`, body: '{}', headers: {} });
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'connection failed (ECONNREFUSED)' });
  });
});
