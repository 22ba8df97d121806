/**
 * Who is on the other end of a request, and which host they asked for, trusting forwarding headers only as far
 * as TRUSTED_PROXY_HOPS says proxies of ours sit in front. With 0 (the default) a client could write any
 * X-Forwarded-For or X-Forwarded-Host it likes, so the TCP peer and the Host header are used. With N, the N-th
 * X-Forwarded-For entry from the right is the client: each of our proxies appends the address it saw, so
 * entries further left were written by someone we do not control.
 */
import { getEnv } from '@/env';

/**
 * The TCP peer's address, written on every incoming request by socket-address.ts (overwriting whatever the
 * client sent under this name). Next.js hands route handlers no socket, only headers.
 */
export const SOCKET_ADDRESS_HEADER = 'x-onboarding-socket-address';

type HeaderSource = { headers: Headers | Record<string, string | string[] | undefined> };

function header(source: HeaderSource, name: string): string | undefined {
  const { headers } = source;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

const entries = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** The entry written by the outermost of `hops` proxies: N-th from the right, or the left-most if fewer. */
const fromRight = (list: string[], hops: number) => list[Math.max(0, list.length - hops)];

// "::ffff:203.0.113.7" (an IPv4 client on a dual-stack socket) and "203.0.113.7" are one client.
const normalized = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').slice(0, 100);

/** The client's address, or null when this process has no socket address for the request. */
export function clientAddress(source: HeaderSource): string | null {
  const hops = getEnv().TRUSTED_PROXY_HOPS;
  const socket = header(source, SOCKET_ADDRESS_HEADER)?.trim();
  const forwarded = hops > 0 ? fromRight(entries(header(source, 'x-forwarded-for')), hops) : undefined;
  const address = forwarded ?? socket;
  return address ? normalized(address) : null;
}

/** The host the browser addressed (for same-origin checks): the proxies' X-Forwarded-Host only behind trusted proxies. */
export function forwardedHost(source: HeaderSource & { url?: string }): string | null {
  const hops = getEnv().TRUSTED_PROXY_HOPS;
  const forwarded = hops > 0 ? fromRight(entries(header(source, 'x-forwarded-host')), hops) : undefined;
  const host = forwarded ?? header(source, 'host')?.trim() ?? (source.url ? new URL(source.url).host : undefined);
  return host ? host.toLowerCase() : null;
}
