import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * A local integrator endpoint on 127.0.0.1 (port 0) that records every request. `script(path, statuses)` makes
 * a path answer with these status codes in turn (the last one repeats); unscripted paths answer 200. A 3xx
 * redirects to `<path>/redirected`.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, number[]>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    const script = scripts.get(path) ?? [200];
    const status = script.length > 1 ? script.shift()! : script[0]!;
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'text/plain' };
    if (status >= 300 && status < 400) headers.location = `${path}/redirected`;
    res.writeHead(status, headers);
    res.end(status < 300 ? 'ok' : `answer ${status} `.repeat(100));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    script: (path: string, statuses: number[]) => scripts.set(path, [...statuses]),
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => {
      server.closeAllConnections(); // fetch keeps connections alive; close() would wait for them
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls until `check` holds (the job runner works asynchronously); fails the test after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the delivery worker');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
