import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';

/**
 * Carries the request id into every log line written while a request is being served, and headers that code
 * deep in the request (the API rate limiter) wants on the answer whatever it turns out to be.
 */
export const requestContext = new AsyncLocalStorage<{ requestId: string; responseHeaders?: Record<string, string> }>();

// Request ids come from a pool of random bytes refilled 4 KB at a time: one randomBytes call per request was a
// measurable share of a cached read (docs/benchmarks.md). Ids are unguessable either way; they are not secrets.
const idBytes = 12;
const pool = Buffer.alloc(idBytes * 341);
let poolOffset = pool.length;

export function newRequestId() {
  if (poolOffset + idBytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += idBytes;
  return `req_${pool.toString('base64url', poolOffset - idBytes, poolOffset)}`;
}

export const currentRequestId = () => requestContext.getStore()?.requestId;

/** Adds headers to the answer of the current defineRoute request (no-op outside one). */
export function addResponseHeaders(headers: Record<string, string>) {
  const store = requestContext.getStore();
  if (store) store.responseHeaders = { ...store.responseHeaders, ...headers };
}
