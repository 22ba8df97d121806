/**
 * The opaque path segment of a platform's sandbox (`/sandbox/t/<namespace>/…`). It is derived here, below both the
 * composition root (which builds the platform's sandbox hosts) and the emulators (which keep every object under
 * the namespace of the URL it arrived on), so the live module graph needs no sandbox module to name a host.
 */
import { createHmac } from 'node:crypto';
import { getSecrets } from './secrets';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 22;

/**
 * base62(HMAC-SHA256(server secret, "sandbox:" + platformId)), 22 characters (~131 bits): stable across
 * restarts and instances (they share SESSION_SECRET), and unguessable without the secret, so a namespace is
 * reached only through the platform's own adapters or the links they hand out.
 */
export function sandboxNamespace(platformId: string, secret = getSecrets().sessionSecret): string {
  let n = BigInt(`0x${createHmac('sha256', secret).update(`sandbox:${platformId}`).digest('hex')}`);
  let out = '';
  for (let i = 0; i < LENGTH; i++) {
    out += alphabet[Number(n % 62n)];
    n /= 62n;
  }
  return out;
}

export const isSandboxNamespace = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9A-Za-z]{22}$/.test(value);
