import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Addresses a notify URL must never reach (SSRF) unless ALLOW_PRIVATE_WEBHOOK_URLS=1: only public unicast passes. ipaddr.js names every
 * special-purpose range (loopback, private, link-local with cloud metadata at 169.254.169.254, carrier-grade
 * NAT, multicast, documentation, benchmarking, site-local, unique-local, and the IPv6 forms that carry an IPv4
 * address: mapped in any spelling, translated, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4, Teredo); an IPv6
 * address must also be global unicast (2000::/3), which refuses IPv4-compatible ::a.b.c.d and unassigned space.
 * A public receiver is reachable by its plain IPv4 or global IPv6 address anyway.
 */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

export function isForbiddenAddress(address: string): boolean {
  // net.isIP first: ipaddr.js also reads shorthand such as "127.1", which no resolver hands us as an address.
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return (parsed as ipaddr.IPv4).range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  return v6.range() !== 'unicast' || !v6.match(GLOBAL_UNICAST);
}

/**
 * A host that names this machine or a private network without any DNS: localhost names and forbidden IP
 * literals. Used where the service never connects itself (browser redirects), so resolving would prove nothing.
 */
export function isPrivateHostLiteral(hostname: string): boolean {
  const host = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.$/, '');
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

/**
 * Why a notify URL is refused, as a code (the console says it in the operator's language, the API names it in
 * `errors[].code`) and an English sentence.
 */
export const urlRefusals = {
  invalid_url: 'the notify URL is not a valid URL',
  scheme_not_allowed: 'the notify URL must be http(s)',
  https_required: 'the notify URL must be https in live mode',
  private_address: 'the notify URL resolves to a loopback, private or link-local address',
  unresolved_host: 'the notify URL host does not resolve',
} as const;
export type UrlRefusalCode = keyof typeof urlRefusals;
export type UrlRefusal = { code: UrlRefusalCode; message: string };

const refusal = (code: UrlRefusalCode, detail = ''): UrlRefusal => ({ code, message: urlRefusals[code] + detail });

/** deliveryUrlRefusal as the line a delivery attempt records. */
export async function deliveryUrlProblem(url: string, options: DeliveryUrlOptions): Promise<string | null> {
  const found = await deliveryUrlRefusal(url, options);
  return found && `refused: ${found.message}`;
}

/**
 * Why a delivery must not be sent to `url`, or null when it may. Sandbox mode allows http, live mode needs
 * https; in both, every address the host resolves to must be public unless `allowPrivate`. Checked when the URL
 * is configured and before each attempt, because DNS can change between attempts (the attempt itself then
 * connects only to checked addresses: pinned-fetch.ts).
 */
export async function deliveryUrlRefusal(url: string, options: DeliveryUrlOptions): Promise<UrlRefusal | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refusal('invalid_url');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return refusal('scheme_not_allowed');
  if (options.mode === 'live' && parsed.protocol !== 'https:') return refusal('https_required');
  if (options.allowPrivate) return null;
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  // localhost names never reach DNS (resolvers answer them locally, or not at all).
  if (isPrivateHostLiteral(hostname)) return refusal('private_address');
  let addresses: { address: string }[];
  try {
    addresses = isIP(hostname) ? [{ address: hostname }] : await (options.lookup ?? defaultLookup)(hostname);
  } catch (error) {
    if (options.acceptUnresolved) return null;
    const code = (error as { code?: unknown }).code;
    return refusal('unresolved_host', typeof code === 'string' ? ` (${code})` : '');
  }
  if (addresses.length === 0) return options.acceptUnresolved ? null : refusal('unresolved_host');
  if (addresses.some((a) => isForbiddenAddress(a.address))) return refusal('private_address');
  return null;
}
