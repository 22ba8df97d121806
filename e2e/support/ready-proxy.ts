/**
 * A load balancer in a page, for the rolling-restart test: it sends each request to the next instance (round
 * robin) whose `GET /api/ready` answered 200 at its last probe (every PROBE_MS), and when the connection to that
 * instance is refused, so nothing of the request was sent, it marks the instance not ready and tries another.
 * Any other failure is answered 502, which the test counts as a failed request. Keep-alive to the instances.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const PROBE_MS = 100;
/** How long a request waits for some instance to be ready before it is answered 503. */
const WAIT_FOR_READY_MS = 30_000;
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startReadyProxy(instances: string[]) {
  const ready = new Map(instances.map((url) => [url, false]));
  /** Requests each instance answered, and how many it holds right now. */
  const answered = new Map(instances.map((url) => [url, 0]));
  const holding = new Map(instances.map((url) => [url, 0]));
  let probing = true;
  const probes = (async () => {
    while (probing) {
      await Promise.all(
        instances.map(async (url) =>
          ready.set(
            url,
            await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(1000) }).then(
              (r) => r.status === 200,
              () => false,
            ),
          ),
        ),
      );
      await sleep(PROBE_MS);
    }
  })();
  const agent = new http.Agent({ keepAlive: true });
  let turn = 0;

  /** 'refused' when the instance refused the connection (nothing sent); otherwise the answer went to `res`. */
  const forward = (url: string, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) =>
    new Promise<'refused' | 'answered'>((resolve) => {
      holding.set(url, holding.get(url)! + 1);
      const release = () => holding.set(url, holding.get(url)! - 1);
      const headers = { ...req.headers };
      for (const name of HOP_BY_HOP) delete headers[name];
      const upstream = http.request(`${url}${req.url}`, { method: req.method, headers, agent }, (answer) => {
        const answerHeaders = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete answerHeaders[name];
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(res);
        answer.on('end', () => {
          answered.set(url, answered.get(url)! + 1);
          release();
          resolve('answered');
        });
        answer.on('error', () => {
          release();
          res.destroy();
          resolve('answered');
        });
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        release();
        if (error.code === 'ECONNREFUSED') return resolve('refused');
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${error.code}`);
        else res.destroy();
        resolve('answered');
      });
      upstream.end(body);
    });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const giveUpAt = Date.now() + WAIT_FOR_READY_MS;
    for (;;) {
      const candidates = instances.filter((url) => ready.get(url));
      if (candidates.length === 0) {
        if (Date.now() > giveUpAt) return void res.writeHead(503).end('proxy: no instance ready');
        await sleep(20);
        continue;
      }
      const url = candidates[turn++ % candidates.length]!;
      if ((await forward(url, req, body, res)) === 'answered') return;
      ready.set(url, false);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered: (url: string) => answered.get(url)!,
    holding: (url: string) => holding.get(url)!,
    isReady: (url: string) => ready.get(url)!,
    close: async () => {
      probing = false;
      await probes;
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
