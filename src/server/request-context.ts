import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * Carries the request id into every log line written while a request is being served, and headers that code
 * deep in the request (the API rate limiter) wants on the answer whatever it turns out to be.
 */
export const requestContext = new AsyncLocalStorage<{ requestId: string; responseHeaders?: Record<string, string> }>();

export const newRequestId = () => `req_${randomBytes(12).toString('base64url')}`;

export const currentRequestId = () => requestContext.getStore()?.requestId;

/** Adds headers to the answer of the current defineRoute request (no-op outside one). */
export function addResponseHeaders(headers: Record<string, string>) {
  const store = requestContext.getStore();
  if (store) store.responseHeaders = { ...store.responseHeaders, ...headers };
}
