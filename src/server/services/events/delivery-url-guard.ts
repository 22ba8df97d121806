import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Addresses a notify URL must never reach (SSRF): this host, private networks, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges. IPv4-mapped IPv6 is refused
 * as a whole: a public receiver is reachable by its IPv4 address anyway.
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

// Kept apart: BlockList matches IPv4 addresses against an IPv4-mapped IPv6 subnet, so in the list above
// ::ffff:0:0/96 would refuse every IPv4 address.
const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6 && ipv4Mapped.check(address, 'ipv6')) return true;
  return forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A host that names this machine or a private network without any DNS: localhost names and forbidden IP
 * literals. Used where the service never connects itself (browser redirects), so resolving would prove nothing.
 */
export function isPrivateHostLiteral(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && isForbiddenAddress(host);
}

export type DeliveryUrlOptions = {
  mode: 'sandbox' | 'live';
  /** ALLOW_PRIVATE_WEBHOOK_URLS: loopback and private addresses pass (a receiver on the developer's machine). */
  allowPrivate?: boolean;
  /** A host that does not resolve passes (sandbox-mode configuration: DNS may come later, delivery checks again). */
  acceptUnresolved?: boolean;
  lookup?: LookupAll;
};

const PRIVATE = 'refused: the notify URL resolves to a loopback, private or link-local address';

/**
 * Why a delivery must not be sent to `url`, or null when it may. Sandbox mode allows http, live mode needs
 * https; in both, every address the host resolves to must be public unless `allowPrivate`. Checked when the URL
 * is configured and before each attempt, because DNS can change between attempts (the attempt itself then
 * connects only to checked addresses: pinned-fetch.ts).
 */
export async function deliveryUrlProblem(url: string, options: DeliveryUrlOptions): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'refused: the notify URL is not a valid URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'refused: the notify URL must be http(s)';
  if (options.mode === 'live' && parsed.protocol !== 'https:') return 'refused: the notify URL must be https in live mode';
  if (options.allowPrivate) return null;
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  // localhost names never reach DNS (resolvers answer them locally, or not at all).
  if (isPrivateHostLiteral(hostname)) return PRIVATE;
  let addresses: { address: string }[];
  try {
    addresses = isIP(hostname) ? [{ address: hostname }] : await (options.lookup ?? defaultLookup)(hostname);
  } catch (error) {
    if (options.acceptUnresolved) return null;
    const code = (error as { code?: unknown }).code;
    return `refused: the notify URL host does not resolve${typeof code === 'string' ? ` (${code})` : ''}`;
  }
  if (addresses.length === 0) return options.acceptUnresolved ? null : 'refused: the notify URL host does not resolve';
  if (addresses.some((a) => isForbiddenAddress(a.address))) return PRIVATE;
  return null;
}
