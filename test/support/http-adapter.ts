/** Serves a fetch handler (a route handler, an emulator) over a real HTTP port, for tests that need one. */
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FetchHandler = (request: Request) => Promise<Response>;

async function toRequest(incoming: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const bodyless = incoming.method === 'GET' || incoming.method === 'HEAD';
  return new Request(`http://${incoming.headers.host ?? '127.0.0.1'}${incoming.url ?? '/'}`, {
    method: incoming.method,
    headers,
    body: bodyless ? undefined : Buffer.concat(chunks),
  });
}

/**
 * Test support: serves WHATWG fetch handlers (emulators, route handlers) over real HTTP on 127.0.0.1 with an
 * OS-chosen port, so clients' bytes, headers and signatures cross a socket as they would to the upstream.
 */
export async function serveOverHttp(handler: FetchHandler) {
  const server = http.createServer(async (incoming, outgoing) => {
    try {
      const response = await handler(await toRequest(incoming));
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      outgoing.writeHead(500, { 'content-type': 'text/plain' });
      outgoing.end(error instanceof Error ? error.message : 'handler failed');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections(); // keep-alive sockets from fetch would hold close() open
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
