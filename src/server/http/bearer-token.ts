import { timingSafeEqual } from 'node:crypto';

/**
 * Whether the request's `Authorization: Bearer <token>` is exactly `expected`, compared in constant time: the
 * operator tokens of this server (the CLI bridge, the metrics scrape), not platforms' API keys.
 */
export function bearerTokenMatches(request: Request, expected: string | undefined): boolean {
  if (!expected) return false;
  const presented = Buffer.from(/^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '');
  const wanted = Buffer.from(expected);
  return presented.length === wanted.length && timingSafeEqual(presented, wanted);
}
