/**
 * Next.js 16 proxy (formerly middleware) for pages only: a fresh CSP nonce per request, which Next.js reads
 * from the request's Content-Security-Policy header and puts on its framework scripts, plus HSTS over https
 * or in live mode. API routes (/v1, /admin, /api, /callbacks, /sandbox) are not matched: they get static
 * headers from next.config.mjs and pay nothing here.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { getEnv } from '@/env';
import { pageContentSecurityPolicy, servedOverHttps, STRICT_TRANSPORT_SECURITY } from '@/server/http/security-headers';

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const env = getEnv();
  const policy = pageContentSecurityPolicy(nonce, env.NODE_ENV === 'development');
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  if (servedOverHttps(request) || env.UPSTREAM_MODE === 'live') {
    response.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  }
  return response;
}

export const config = {
  matcher: [
    {
      source: '/((?!v1|admin|api|callbacks|sandbox|_next/static|_next/image|favicon.ico).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
