/**
 * The seller pages' rate limits (hosted onboarding, issue 30), token buckets per instance like the /v1 and console
 * limiters: per client address, so nobody can try link tokens in bulk from one address; per link, so a link that
 * leaked is not opened over and over from many addresses; and per seller session, so one session cannot flood the
 * services behind the seller's form whatever address it comes from.
 */
import { AppError } from '@/server/errors';
import { tokenHashOf } from '@/server/services/onboarding-links/link-token';
import { tokenBuckets, type RateLimitOutcome } from './token-buckets';
import { clientAddress } from './trusted-proxy';

// A seller opens a link a few times; 30 at once and one a second after that is far above that, far below guessing.
const SELLER_LINK_POLICY = { rate: 1, burst: 30 };
// One link, from anywhere: a seller reloading it now and then, never a crowd (10 at once, then one every 5 s).
const ONE_LINK_POLICY = { rate: 0.2, burst: 10 };
// One session's requests (the form's saves, uploads and previews): 60 at once and 5 a second is above any hand.
const ONE_SESSION_POLICY = { rate: 5, burst: 60 };
const addressBuckets = tokenBuckets('seller-link', () => SELLER_LINK_POLICY);
const linkBuckets = tokenBuckets('seller-link-token', () => ONE_LINK_POLICY);
const sessionBuckets = tokenBuckets('seller-session', () => ONE_SESSION_POLICY);

function refuse(outcome: RateLimitOutcome, what: string): never {
  throw new AppError('rate_limited', `${what} Retry after ${outcome.retryAfterSeconds} s.`, {
    retryAfterSeconds: outcome.retryAfterSeconds,
    headers: outcome.headers,
  });
}

/**
 * Throws 429 rate_limited when the address has opened too many links, or this link (`token`, a well-formed one:
 * others never reach the database) has been opened too often; returns the RateLimit headers otherwise.
 */
export function enforceSellerLinkRateLimit(request: Request, token?: string): Record<string, string> {
  const byAddress = addressBuckets.take(`address:${clientAddress(request) ?? 'unknown'}`);
  if (!byAddress.allowed) refuse(byAddress, 'Too many onboarding links opened from this address.');
  // Keyed by the token's hash, as the database keeps it: the limiter holds no token that opens anything.
  const tokenHash = tokenHashOf(token);
  if (!tokenHash) return byAddress.headers;
  const byLink = linkBuckets.take(`link:${tokenHash}`);
  if (!byLink.allowed) refuse(byLink, 'This onboarding link has been opened too often.');
  return byLink.headers;
}

/**
 * Spends one token of the seller session named by `sessionToken` (the seller_session cookie's value), before the
 * session is looked up; throws 429 rate_limited beyond the session's limit. A malformed or missing token spends
 * nothing (it names no session, and is refused as one). Returns the RateLimit headers, empty when none was named.
 */
export function enforceSellerSessionRateLimit(sessionToken: string | null | undefined): Record<string, string> {
  const tokenHash = tokenHashOf(sessionToken);
  if (!tokenHash) return {};
  const outcome = sessionBuckets.take(`session:${tokenHash}`);
  if (!outcome.allowed) refuse(outcome, 'Too many requests in this onboarding session.');
  return outcome.headers;
}

/** Test hook: start every address, link and session with a full bucket. */
export const resetSellerLinkRateLimitsForTests = () => {
  addressBuckets.reset();
  linkBuckets.reset();
  sessionBuckets.reset();
};
