import type { RouteHandler } from '@/server/http/define-route';

/** Calls a route handler with a real WHATWG Request, the way Next.js does. */
export function callRoute(
  handler: RouteHandler,
  url: string,
  init: RequestInit & { params?: Record<string, string | string[]> } = {},
) {
  const { params = {}, ...rest } = init;
  // Next.js passes no params object at all to routes without dynamic segments.
  const routeParams = Object.keys(params).length ? Promise.resolve(params) : (undefined as never);
  return handler(new Request(new URL(url, 'http://localhost:3000'), rest), { params: routeParams });
}

export const apiHeaders = (apiKey: string, serviceCode = 'payments', extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${apiKey}`,
  'x-service-code': serviceCode,
  ...extra,
});
