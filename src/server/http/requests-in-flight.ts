/**
 * The requests this process is answering, so a shutdown can stop taking new ones and still finish these.
 * `next start` creates the HTTP server and hands the app no reference to it; Node publishes every request, with
 * its server and response, on the `http.server.request.start` diagnostics channel before the server's
 * 'request' handler runs, which is where the server and each response are picked up.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';

type RequestStart = { request: IncomingMessage; response: ServerResponse; server: Server };

type Tracker = {
  subscribed: boolean;
  servers: Set<Server>;
  inFlight: Set<ServerResponse>;
  draining: boolean;
  lastEndedAt: number;
};

// On globalThis: Next.js may evaluate this module once per bundle, and the channel must be subscribed once.
const slot = globalThis as typeof globalThis & { [key: symbol]: Tracker | undefined };
const key = Symbol.for('subMerchants.requestsInFlight');
const tracker = () =>
  (slot[key] ??= { subscribed: false, servers: new Set(), inFlight: new Set(), draining: false, lastEndedAt: 0 });

/**
 * How long a connection must have carried no request before the drain closes it. A keep-alive client that just
 * had an answer sends its next request on the same socket a moment later; closing the socket under that
 * request would fail it. Within this time the request arrives, is answered with `Connection: close`, and the
 * client opens its next connection elsewhere.
 */
const QUIET_MS = 500;
const POLL_MS = 25;

/** Once per process, before the server answers anything (instrumentation.ts). */
export function trackRequestsInFlight() {
  if (tracker().subscribed) return;
  tracker().subscribed = true;
  subscribe('http.server.request.start', (message) => {
    const { response, server } = message as RequestStart;
    const current = tracker();
    current.inFlight.add(response);
    response.once('close', () => {
      current.inFlight.delete(response);
      current.lastEndedAt = Date.now();
    });
    if (!current.servers.has(server)) {
      current.servers.add(server);
      if (current.draining) stopListening(server);
    }
    // A request that arrives on a kept-alive connection during the drain is answered, and its connection ends.
    if (current.draining) response.shouldKeepAlive = false;
  });
}

/** Test hook: a drain is one-way, as for a process; each test starts from no server and no drain. */
export function resetRequestsInFlightForTests() {
  slot[key] = { ...tracker(), servers: new Set(), inFlight: new Set(), draining: false, lastEndedAt: 0 };
}

/**
 * Stops accepting connections and lets the requests in flight finish: each is answered with `Connection: close`
 * (unless its headers are already out), connections that carry no request for QUIET_MS are closed, and at
 * `deadline` whatever is left is cut. Resolves when no connection is left; `cut` counts the requests cut.
 * A server is known from its first request (a balancer's readiness probe is one); one that has answered nothing
 * yet stops listening at its first request during the drain.
 */
export async function drainRequests(deadline: number): Promise<{ cut: number }> {
  const current = tracker();
  current.draining = true;
  const startedAt = Date.now();
  for (const response of current.inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
  for (const server of current.servers) stopListening(server);
  for (;;) {
    // A server first seen now (its first request arrived during the drain) is in the set as well.
    const servers = [...current.servers];
    if ((await Promise.all(servers.map(openConnections))).every((count) => count === 0)) return { cut: 0 };
    if (Date.now() >= deadline) {
      const cut = current.inFlight.size;
      for (const server of servers) server.closeAllConnections();
      return { cut };
    }
    if (current.inFlight.size === 0 && Date.now() - Math.max(startedAt, current.lastEndedAt) >= QUIET_MS)
      for (const server of servers) server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * net.Server's close, not http.Server's: the latter also closes every idle keep-alive connection at once, and a
 * client may have just sent its next request on one of them (QUIET_MS above).
 */
function stopListening(server: Server) {
  if (server.listening) net.Server.prototype.close.call(server);
}

const openConnections = (server: Server) =>
  new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
