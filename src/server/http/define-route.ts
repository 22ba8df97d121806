/**
 * Wraps a route file's handlers: request id, access log, one error mapping, and 405 problem+json for every
 * method the file does not implement (Next.js would answer those with an empty 405).
 * Usage: `export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({ GET: handler })`.
 */
import { getEnv } from '@/env';
import { AppError } from '@/server/errors';
import { logRequest } from '@/server/logger';
import { observeRequest, requestLabels } from '@/server/metrics/registry';
import { newRequestId, requestContext } from '@/server/request-context';
import { declaredBodyLength } from './parse-request';
import { problemResponse, toAppError } from './problem';

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof methods)[number];

export function defineRoute(
  handlers: Partial<Record<Method, RouteHandler>>,
  options: { bodyLimitBytes?: number } = {},
): Record<Method, RouteHandler> {
  const allow = Object.keys(handlers).join(', ');
  const wrapped = {} as Record<Method, RouteHandler>;
  for (const method of methods) {
    const handler =
      handlers[method] ??
      (async () => {
        throw new AppError('method_not_allowed', `${method} is not supported here. Allowed: ${allow || 'none'}.`);
      });
    wrapped[method] = (request, context) =>
      serve(request, context, guardBodySize(handler, options.bodyLimitBytes), allow);
    if (!handlers[method]) unsupportedMethodHandlers.add(wrapped[method]);
  }
  return wrapped;
}

// The 405 stubs, so suites that walk every route file can tell an implemented method without calling it.
const unsupportedMethodHandlers = new WeakSet<RouteHandler>();
export const isUnsupportedMethod = (handler: RouteHandler) => unsupportedMethodHandlers.has(handler);

async function serve(request: Request, context: RouteContext, handler: RouteHandler, allow: string) {
  const requestId = newRequestId();
  const store: { requestId: string; responseHeaders?: Record<string, string> } = { requestId };
  return requestContext.run(store, async () => {
    const started = performance.now();
    let response: Response;
    try {
      response = await handler(request, context);
      response.headers.set('x-request-id', requestId);
      for (const [name, value] of Object.entries(store.responseHeaders ?? {})) response.headers.set(name, value);
    } catch (error) {
      const appError = toAppError(error);
      // Headers the request earned before it failed (the key's RateLimit) belong on a problem answer too.
      const headers =
        appError.code === 'method_not_allowed' ? { ...store.responseHeaders, Allow: allow } : store.responseHeaders;
      response = problemResponse(appError, requestId, headers);
    }
    const path = pathnameOf(request);
    const ms = performance.now() - started;
    logRequest({ requestId, method: request.method, path, status: response.status, ms: Math.round(ms) });
    const { family, route } = requestLabels(path);
    observeRequest(family, route, request.method, response.status, ms / 1000);
    return response;
  });
}

/** Next.js hands route handlers a NextRequest whose URL is already parsed; tests call with a plain Request. */
const pathnameOf = (request: Request) =>
  (request as { nextUrl?: URL }).nextUrl?.pathname ?? new URL(request.url).pathname;

/**
 * A declared body over the limit is refused before anything else; streamed bodies are capped while read. Not async:
 * serve awaits the handler inside its try, which catches a synchronous throw as well, and one promise fewer a
 * request is measurable (docs/benchmarks.md).
 */
function guardBodySize(handler: RouteHandler, limit?: number): RouteHandler {
  return (request, context) => {
    const max = limit ?? getEnv().API_BODY_LIMIT_BYTES;
    const declared = declaredBodyLength(request);
    if (declared !== undefined && declared > max) {
      throw new AppError('payload_too_large', `The request body exceeds the limit of ${max} bytes.`);
    }
    return handler(request, context);
  };
}

/** An answer whose body is already JSON, as text or as its UTF-8 bytes (read-route-cache.ts). */
export const jsonText = (body: string | Uint8Array<ArrayBuffer>, init: ResponseInit = {}) =>
  new Response(body, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });

export const json = (body: unknown, init: ResponseInit = {}) => jsonText(JSON.stringify(body), init);

/** For catch-all routes under /v1 and /admin: unknown paths are problems too, whatever the method. */
export const unknownPath: RouteHandler = async (request) => {
  throw new AppError('not_found', `No endpoint at ${new URL(request.url).pathname}.`);
};

export const unknownPathRoutes = () =>
  defineRoute({ GET: unknownPath, POST: unknownPath, PUT: unknownPath, PATCH: unknownPath, DELETE: unknownPath });
