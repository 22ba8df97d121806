/**
 * Node's HTTP server keeps only the first of duplicate Authorization, Proxy-Authorization and Content-Type
 * headers and silently drops the rest, so a route could never tell that a request carried two credentials.
 * Node's `joinDuplicateHeaders` server option joins them with ", " instead (RFC 9110 §5.3), but `next start`
 * creates its server without it. This does the same from the raw headers, before Next.js reads them: the
 * `http.server.request.start` diagnostics channel publishes before the server emits 'request'.
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';

const SINGLE_VALUED = new Set(['authorization', 'proxy-authorization', 'content-type']);

export function joinDuplicateHeaders(request: Pick<IncomingMessage, 'rawHeaders' | 'headers'>) {
  const values = new Map<string, string[]>();
  const raw = request.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (SINGLE_VALUED.has(name)) values.set(name, [...(values.get(name) ?? []), raw[i + 1]!]);
  }
  for (const [name, all] of values) if (all.length > 1) request.headers[name] = all.join(', ');
}

let subscribed = false;

/** Once per process, before the server answers anything (instrumentation.ts). */
export function joinDuplicateHeadersOfEveryRequest() {
  if (subscribed) return;
  subscribed = true;
  diagnosticsChannel.subscribe('http.server.request.start', (message) =>
    joinDuplicateHeaders((message as { request: IncomingMessage }).request),
  );
}
