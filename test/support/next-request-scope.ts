/**
 * Next.js's request scope for route handlers called in process. In `next start`, `headers()` and `cookies()`
 * read the request being served; here the same two functions read the request a test hands to
 * `inRequestScope`, so the real next-auth session check (a signed JWT cookie) runs unchanged.
 * next-auth reaches them with a CommonJS require of next/headers, which vi.mock does not see; `useRequestScope`
 * swaps the two functions on that module for the suite and puts Next's own back afterwards.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { afterAll, beforeAll } from 'vitest';
import { encode } from 'next-auth/jwt';
import { getSecrets } from '@/server/config/secrets';

const scope = new AsyncLocalStorage<Request>();

export async function headers() {
  return new Headers(scope.getStore()?.headers);
}

export async function cookies() {
  const pairs = (scope.getStore()?.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      // Next.js hands cookie values over URI-decoded (next-auth's callback-url cookie is encoded).
      return { name: part.slice(0, at), value: decodeCookieValue(part.slice(at + 1)) };
    });
  return {
    getAll: () => pairs,
    get: (name: string) => pairs.find((c) => c.name === name),
    has: (name: string) => pairs.some((c) => c.name === name),
  };
}

function decodeCookieValue(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function useRequestScope() {
  const nextHeaders = createRequire(import.meta.url)('next/headers') as Record<'headers' | 'cookies', unknown>;
  const original = { headers: nextHeaders.headers, cookies: nextHeaders.cookies };
  beforeAll(() => Object.assign(nextHeaders, { headers, cookies }));
  afterAll(() => Object.assign(nextHeaders, original));
}

/** Runs a route handler the way Next.js does: with `request` as the current request. */
export function inRequestScope<A extends unknown[]>(
  handler: (request: Request, ...rest: A) => Promise<Response> | Response,
) {
  return (request: Request, ...rest: A) => scope.run(request, async () => handler(request, ...rest));
}

/**
 * The cookie next-auth sets after a successful sign-in of this operator (same secret, same claims);
 * `sessionVersion` is the operator's at sign-in (0 until their sessions are first ended).
 */
export async function sessionCookie(operatorId: string, sessionVersion = 0) {
  const token = await encode({
    token: { sub: operatorId, operatorId, sessionVersion },
    secret: getSecrets().sessionSecret,
  });
  return `next-auth.session-token=${token}`;
}
