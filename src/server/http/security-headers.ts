/**
 * Security headers of console and seller pages, set per request in src/proxy.ts because the CSP carries a fresh
 * nonce that Next.js puts on its own scripts. The static ones (nosniff, X-Frame-Options, Referrer-Policy, and the
 * API answers' CSP) are in next.config.mjs.
 */

/**
 * Scripts only with this request's nonce ('strict-dynamic' lets Next's loader add its chunks); styles may be
 * inline because React `style={…}` attributes cannot carry a nonce, and CSS cannot run code. No framing at
 * all (clickjacking), forms post only here, no plugins, no <base> hijacking.
 */
export function pageContentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** One year, subdomains too; only sent over https (browsers ignore it on http, and local http must keep working). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function servedOverHttps(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(':', '')) === 'https';
}
