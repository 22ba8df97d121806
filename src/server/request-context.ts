import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/** Carries the request id into every log line written while a request is being served. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export const newRequestId = () => `req_${randomBytes(12).toString('base64url')}`;

export const currentRequestId = () => requestContext.getStore()?.requestId;
