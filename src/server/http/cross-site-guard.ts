/**
 * Cross-site request forgery guard for the console's tRPC endpoint. The session cookie is SameSite=Lax, which
 * already keeps it off cross-site POSTs in current browsers; this does not rely on that alone:
 * - a browser that says where the request comes from (Sec-Fetch-Site, or Origin) must say "this site";
 * - the body must be JSON: a cross-site page can send application/json only after a CORS preflight, which this
 *   service never grants, while an HTML form can send urlencoded, multipart or text/plain without one.
 * Non-browser callers (no Origin, no Sec-Fetch-Site) pass: they carry no ambient cookie to abuse.
 */
import { AppError } from '@/server/errors';
import { forwardedHost } from './trusted-proxy';

export function crossSiteProblem(request: Request): AppError | null {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return new AppError('forbidden', `Cross-site requests to the console API are refused (Sec-Fetch-Site: ${fetchSite}).`);
  }
  const origin = request.headers.get('origin');
  if (origin && !sameOrigin(origin, request)) {
    return new AppError('forbidden', 'Cross-site requests to the console API are refused (Origin does not match).');
  }
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return new AppError('unsupported_media_type', 'Console API mutations take application/json.');
  }
  return null;
}

/** The Origin must name the host the request was sent to (behind a trusted proxy: the forwarded host). */
function sameOrigin(origin: string, request: Request): boolean {
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false; // "null" (sandboxed frames, file://) or garbage
  }
  return host.toLowerCase() === forwardedHost(request);
}
