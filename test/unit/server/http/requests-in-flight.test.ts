import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { drainRequests, resetRequestsInFlightForTests, trackRequestsInFlight } from '@/server/http/requests-in-flight';

// A plain Node HTTP server, as `next start` runs one; raw sockets, so each test holds its connections itself.
let server: http.Server;
let port = 0;

async function serve() {
  trackRequestsInFlight();
  resetRequestsInFlightForTests();
  server = http.createServer((request, response) => {
    if (request.url === '/slow') setTimeout(() => response.end('slow'), 300);
    else if (request.url !== '/hang') response.end('fast');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}
afterEach(() => {
  server.closeAllConnections();
  if (server.listening) server.close();
});

type Connection = { socket: net.Socket; closed: Promise<void>; received: () => string };

async function connect(): Promise<Connection> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += String(chunk)));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, closed, received: () => received };
}

/** Sends a keep-alive GET and resolves with the answer's head and body once the whole answer is in. */
async function exchange(connection: Connection, path: string) {
  const from = connection.received().length;
  connection.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
  for (;;) {
    const text = connection.received().slice(from);
    const [head, body = ''] = text.split('\r\n\r\n');
    const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1] ?? -1);
    if (length >= 0 && body.length >= length) return { head: head!.toLowerCase(), body };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const refused = () =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve('connected'));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

it('lets requests in flight finish with Connection: close, refuses new connections, cuts what is left at the deadline', async () => {
  await serve();
  const reused = await connect();
  expect((await exchange(reused, '/fast')).head).toContain('connection: keep-alive');
  const slow = await connect();
  const slowAnswer = exchange(slow, '/slow');
  const hanging = await connect();
  hanging.socket.write('GET /hang HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await new Promise((resolve) => setTimeout(resolve, 50));

  const startedAt = Date.now();
  const drained = drainRequests(startedAt + 1500);
  expect(await refused()).toBe('ECONNREFUSED');
  // The kept-alive connection still carries a request sent now; the answer closes it.
  const again = await exchange(reused, '/fast');
  expect(again).toEqual({ head: expect.stringContaining('connection: close'), body: 'fast' });
  await reused.closed;
  // The request in flight when the drain began is answered in full, and its connection ends too.
  expect(await slowAnswer).toEqual({ head: expect.stringContaining('connection: close'), body: 'slow' });
  await slow.closed;

  expect(await drained).toEqual({ cut: 1 });
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1500);
  await hanging.closed;
  expect(hanging.received()).toBe('');
});

it('closes a keep-alive connection that stays idle, so the drain ends long before the deadline', async () => {
  await serve();
  const idle = await connect();
  await exchange(idle, '/fast');
  const startedAt = Date.now();
  expect(await drainRequests(startedAt + 10_000)).toEqual({ cut: 0 });
  await idle.closed;
  // After the quiet time (500 ms), not at once: a request already on its way would still be answered.
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(500);
  expect(Date.now() - startedAt).toBeLessThan(3000);
});

it('ends at once when no connection is open, and no longer listens', async () => {
  await serve();
  const earlier = await connect();
  await exchange(earlier, '/fast');
  earlier.socket.destroy();
  while (await new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count))))
    await new Promise((resolve) => setTimeout(resolve, 5));
  const startedAt = Date.now();
  expect(await drainRequests(startedAt + 10_000)).toEqual({ cut: 0 });
  expect(Date.now() - startedAt).toBeLessThan(200);
  expect(server.listening).toBe(false);
});
