/**
 * What the reverse proxies in front of this service say about the original request. X-Forwarded-* headers are
 * believed only from the TRUSTED_PROXY_HOPS proxies the operator declared: without a proxy, any client can
 * send them.
 */
import { getEnv } from '@/env';

/**
 * The host the client asked for. Each trusted proxy appends to X-Forwarded-Host, so the entry the outermost one
 * wrote sits TRUSTED_PROXY_HOPS from the end; anything before it came from the client. With no trusted proxy
 * (the default) only the Host header counts.
 */
export function forwardedHost(request: Request): string {
  const host = request.headers.get('host') || new URL(request.url).host;
  const hops = getEnv().TRUSTED_PROXY_HOPS;
  if (hops === 0) return host;
  const entries = (request.headers.get('x-forwarded-host') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length ? entries[Math.max(0, entries.length - hops)]! : host;
}
