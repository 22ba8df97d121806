/**
 * Next.js 16 proxy (formerly middleware). For pages, prefetches included: a fresh CSP nonce per request, which
 * Next.js reads from the request's Content-Security-Policy header and puts on its framework scripts, plus HSTS
 * over https or in live mode. API routes (/v1, /admin, /api, /callbacks, /sandbox) get static headers from
 * next.config.mjs and enter here only when their path holds a "%" (second matcher): a path that does not decode
 * is answered here, since Next.js would answer it with a plain-text 500.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { getEnv } from '@/env';
import { CONSOLE_PATH_HEADER } from '@/server/http/console-path';
import { decodablePath, malformedPathResponse } from '@/server/http/malformed-path';
import { newRequestId } from '@/server/request-context';
import { pageContentSecurityPolicy, servedOverHttps, STRICT_TRANSPORT_SECURITY } from '@/server/http/security-headers';

const API_OR_ASSET = /^\/(v1|admin|api|callbacks|sandbox|_next\/static|_next\/image|favicon\.ico)(\/|$)/;

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const env = getEnv();
  if (!decodablePath(pathname))
    return malformedPathResponse(request, pathname, pageHeaders(request, env, nonce()).response);
  if (API_OR_ASSET.test(pathname)) return NextResponse.next();
  const headers = pageHeaders(request, env, nonce());
  const requestHeaders = new Headers(request.headers);
  for (const [name, value] of Object.entries(headers.request)) requestHeaders.set(name, value);
  requestHeaders.set(CONSOLE_PATH_HEADER, `${pathname}${request.nextUrl.search}`);
  // One id for the page's log lines (src/server/auth/current-operator.ts) and its answer; a client's own is replaced.
  const requestId = newRequestId();
  requestHeaders.set('x-request-id', requestId);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers.response)) response.headers.set(name, value);
  response.headers.set('x-request-id', requestId);
  return response;
}

const nonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');

function pageHeaders(request: NextRequest, env: ReturnType<typeof getEnv>, nonceValue: string) {
  const policy = pageContentSecurityPolicy(nonceValue, env.NODE_ENV === 'development');
  const response: Record<string, string> = { 'Content-Security-Policy': policy };
  if (servedOverHttps(request) || env.UPSTREAM_MODE === 'live')
    response['Strict-Transport-Security'] = STRICT_TRANSPORT_SECURITY;
  return { request: { 'x-nonce': nonceValue, 'Content-Security-Policy': policy }, response };
}

// The second matcher brings in any path with a "%": ordinary /v1 paths (ids are alphanumeric) never enter the
// proxy and pay one cheap regex test. Sharper patterns (only "%" not followed by ASCII hex) backtrack and cost
// more on every path than the rare well-encoded API path costs here.
// The families are whole first segments: `/v1x` or `/adminx` is a page address (a 404 page), and gets the page CSP.
export const config = {
  matcher: ['/((?!(?:v1|admin|api|callbacks|sandbox)(?:/|$)|_next/static|_next/image|favicon.ico).*)', '/([^%]*%.*)'],
};
