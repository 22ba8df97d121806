/**
 * Puts each request's TCP peer address into a header before Next.js sees the request, because route handlers
 * (and next-auth's authorize) get headers but no socket. Node publishes every incoming request on this
 * diagnostics channel synchronously, before the server's 'request' handler runs. The header is overwritten
 * (or removed) on every request, so a client cannot supply its own value.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { SOCKET_ADDRESS_HEADER } from './trusted-proxy';

const installed = Symbol.for('subMerchants.socketAddressHeader');

type RequestStart = { request: IncomingMessage; socket: Socket };

export function recordSocketAddresses() {
  const slot = globalThis as typeof globalThis & { [installed]?: true };
  if (slot[installed]) return;
  slot[installed] = true;
  subscribe('http.server.request.start', (message) => {
    const { request, socket } = message as RequestStart;
    const address = socket?.remoteAddress;
    if (address) request.headers[SOCKET_ADDRESS_HEADER] = address;
    else delete request.headers[SOCKET_ADDRESS_HEADER];
  });
}
