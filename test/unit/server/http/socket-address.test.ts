import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordSocketAddresses } from '@/server/http/socket-address';
import { SOCKET_ADDRESS_HEADER } from '@/server/http/trusted-proxy';

let server: http.Server;
let base: string;

beforeAll(async () => {
  recordSocketAddresses();
  // A plain Node HTTP server, as `next start` runs: the header is written before the request handler runs.
  server = http.createServer((request, response) =>
    response.end(JSON.stringify(request.headers[SOCKET_ADDRESS_HEADER] ?? null)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('writes the TCP peer address into every request, replacing a value the client sent', async () => {
  expect(await (await fetch(base)).json()).toBe('127.0.0.1');
  expect(await (await fetch(base, { headers: { [SOCKET_ADDRESS_HEADER]: '198.51.100.1' } })).json()).toBe('127.0.0.1');
});
