/**
 * Cross-site request forgery guard for what a console session cookie authenticates (tRPC, the /admin routes).
 * The session cookie is SameSite=Lax, which already keeps it off cross-site POSTs in current browsers; this does
 * not rely on that alone:
 * - a browser that says where the request comes from (Sec-Fetch-Site, or Origin) must say "this site";
 * - tRPC bodies must be JSON: a cross-site page can send application/json only after a CORS preflight, which
 *   this service never grants, while an HTML form can send urlencoded, multipart or text/plain without one.
 *   The /admin media upload is multipart by nature, so there the origin checks alone decide.
 * Non-browser callers (no Origin, no Sec-Fetch-Site) pass: they carry no ambient cookie to abuse.
 */
import { AppError } from '@/server/errors';
import { forwardedHost } from './trusted-proxy';

/** A tRPC mutation: from this site, and JSON. */
export function crossSiteProblem(request: Request): AppError | null {
  const refusal = crossOriginProblem(request);
  if (refusal) return refusal;
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return new AppError('unsupported_media_type', 'Console API mutations take application/json.');
  }
  return null;
}

/** A change made with a session cookie: the browser must not say that another site (or origin) sent it. */
export function crossOriginProblem(request: Request): AppError | null {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return new AppError(
      'forbidden',
      `Cross-site requests to the console API are refused (Sec-Fetch-Site: ${fetchSite}).`,
    );
  }
  const origin = request.headers.get('origin');
  if (origin && !sameOrigin(origin, request)) {
    return new AppError('forbidden', 'Cross-site requests to the console API are refused (Origin does not match).');
  }
  return null;
}

/**
 * A read with a session cookie: another site may not embed or fetch it (an <img> of a seller's ID card on a
 * sibling subdomain would send the cookie and learn at least that the image exists and its size). Only
 * Sec-Fetch-Site can tell: simple GETs carry no Origin. "none" is the user opening the address themselves.
 */
export function crossSiteReadProblem(request: Request): AppError | null {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return new AppError(
      'forbidden',
      `Cross-site reads of the console's documents are refused (Sec-Fetch-Site: ${fetchSite}).`,
    );
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
