import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** For tests: serves a WHATWG handler over real HTTP on 127.0.0.1 with an ephemeral port. */
export async function startHttpServer(handler: (request: Request) => Promise<Response>): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const toRequest = async (req: IncomingMessage, origin: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
    return new Request(`${origin}${req.url ?? '/'}`, { method: req.method, headers, body });
  };
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const response = await handler(await toRequest(req, origin));
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => (headers[name] = value));
        res.writeHead(response.status, headers);
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : 'handler failed');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
