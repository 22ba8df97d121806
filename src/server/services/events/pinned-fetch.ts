/**
 * A fetch for live-mode webhook deliveries that cannot be turned against the inside (SSRF, DNS rebinding).
 * The host is resolved once per connection, inside the socket's own `lookup`: every address must be public,
 * and the socket connects to exactly the addresses that were checked. A pre-check followed by a plain fetch
 * would resolve twice, and a rebinding DNS server could answer public first and 127.0.0.1 second.
 * Redirects are never followed (node:http does not), and no connection is pooled: each one is resolved anew.
 */
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { defaultLookup, isForbiddenAddress, type LookupAll } from './delivery-url-guard';

export const FORBIDDEN_ADDRESS = 'EFORBIDDENADDRESS';

export type PinnedFetchOptions = {
  /** DNS resolution (tests simulate rebinding with it); default the system resolver. */
  lookup?: LookupAll;
  /** Which resolved addresses may be connected to; default: public addresses only. */
  allowAddress?: (address: string) => boolean;
};

const forbiddenError = (host: string) =>
  Object.assign(new Error(`${host} resolves to a loopback, private or link-local address`), {
    code: FORBIDDEN_ADDRESS,
  });

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

export function pinnedFetch(options: PinnedFetchOptions = {}): typeof fetch {
  const resolveAll = options.lookup ?? defaultLookup;
  const allowed = options.allowAddress ?? ((address: string) => !isForbiddenAddress(address));

  const checkedLookup = (
    hostname: string,
    lookupOptions: LookupOneOptions | LookupAllOptions,
    callback: LookupCallback,
  ) => {
    resolveAll(hostname).then(
      (addresses) => {
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), []);
        if (!addresses.every((a) => allowed(a.address))) return callback(forbiddenError(hostname), []);
        // Node ≥ 20 asks for all addresses (happy eyeballs); older callers for one.
        if (lookupOptions.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error, []),
    );
  };

  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const fail = (cause: unknown) => reject(new TypeError('fetch failed', { cause }));
      // An IP literal never reaches `lookup`: the socket connects to it directly, so it is checked here.
      const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(literal) && !allowed(literal)) return fail(forbiddenError(literal));
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(
        url,
        {
          method: init.method ?? 'GET',
          headers: Object.fromEntries(new Headers(init.headers).entries()),
          lookup: checkedLookup as never,
          agent: false,
          signal: init.signal ?? undefined,
        },
        (response) => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one);
          }
          const status = response.statusCode ?? 0;
          const bodyless = [204, 205, 304].includes(status);
          if (bodyless) response.resume();
          try {
            resolve(new Response(bodyless ? null : (Readable.toWeb(response) as ReadableStream), { status, headers }));
          } catch (error) {
            response.destroy();
            fail(error);
          }
        },
      );
      request.on('error', (error) => (error.name === 'AbortError' ? reject(error) : fail(error)));
      request.end(typeof init.body === 'string' ? init.body : undefined);
    });
}
