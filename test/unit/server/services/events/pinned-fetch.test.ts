import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_ADDRESS, pinnedFetch } from '@/server/services/events/pinned-fetch';

/** A real local receiver; counts TCP connections so a refused request provably never connected. */
let server: http.Server;
let port = 0;
let connections = 0;
const seen: { host?: string; body: string; method?: string }[] = [];

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ host: req.headers.host, body, method: req.method });
    if (req.url === '/redirect') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    else if (req.url === '/empty') res.writeHead(204).end();
    else res.writeHead(200, { 'content-type': 'text/plain', 'x-multi': ['a', 'b'] }).end('received');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failureCode = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { cause?: { code?: string } } | null;
  return error?.cause?.code;
};

describe('pinnedFetch (live-mode webhook transport)', () => {
  it('refuses a host that resolves to loopback before any connection is made', async () => {
    const before = connections;
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(
      await failureCode(pinnedFetch({ lookup })(`http://hooks.example.test:${port}/x`, { method: 'POST', body: '{}' })),
    ).toBe(FORBIDDEN_ADDRESS);
    expect(connections).toBe(before);
  });

  it('refuses loopback, private and metadata IP literals, which never go through DNS', async () => {
    const before = connections;
    for (const host of ['127.0.0.1', '[::1]', '169.254.169.254', '10.0.0.1', '[::ffff:127.0.0.1]']) {
      expect(await failureCode(pinnedFetch()(`http://${host}:${port}/x`, { method: 'POST', body: '{}' })), host).toBe(
        FORBIDDEN_ADDRESS,
      );
    }
    expect(connections).toBe(before);
  });

  it('refuses when any resolved address is private, even if the first is public', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    expect(await failureCode(pinnedFetch({ lookup })(`http://mixed.example.test:${port}/x`))).toBe(FORBIDDEN_ADDRESS);
  });

  it('resolves once per request and connects to the checked address, keeping the Host header', async () => {
    let lookups = 0;
    const lookup = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // Loopback stands in for a public address here: it is the only receiver a test can run.
    const fetchPinned = pinnedFetch({ lookup, allowAddress: (address) => address === '127.0.0.1' });
    const response = await fetchPinned(`http://hooks.example.test:${port}/ok`, {
      method: 'POST',
      body: '{"id":"evt_1"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('received');
    expect(response.headers.get('x-multi')).toBe('a, b');
    expect(seen.at(-1)).toEqual({ host: `hooks.example.test:${port}`, body: '{"id":"evt_1"}', method: 'POST' });
    expect(lookups).toBe(1);
  });

  it('never follows a redirect (to the metadata service, say) and handles bodyless answers', async () => {
    const fetchPinned = pinnedFetch({
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
      allowAddress: (a) => a === '127.0.0.1',
    });
    const redirected = await fetchPinned(`http://hooks.example.test:${port}/redirect`, { method: 'POST', body: '{}' });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toContain('169.254.169.254');
    expect((await fetchPinned(`http://hooks.example.test:${port}/empty`, { method: 'POST', body: '{}' })).status).toBe(
      204,
    );
  });

  it('gives up at the deadline with an AbortError, as fetch does', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const fetchPinned = pinnedFetch({
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
      allowAddress: () => true,
    });
    const error = await fetchPinned(`http://slow.example.test:${silentPort}/`, {
      signal: AbortSignal.timeout(200),
    }).catch((e: Error) => e);
    expect((error as Error).name).toMatch(/AbortError|TimeoutError/);
    silent.close();
  });
});
