/**
 * Per API key token bucket, in process: each key refills API_RATE_LIMIT_PER_SECOND tokens a second up to
 * API_RATE_LIMIT_BURST. Per instance on purpose: with N instances behind a balancer a key gets up to N times
 * the rate, which keeps one slow database round trip off every request (see docs/operations.md).
 * Answers carry the draft-ietf-httpapi-ratelimit-headers fields (RateLimit-Policy / RateLimit).
 */
import { getEnv } from '@/env';
import { AppError } from '@/server/errors';
import { tokenBuckets } from './token-buckets';

export type { RateLimitOutcome } from './token-buckets';

const buckets = tokenBuckets('default', () => {
  const env = getEnv();
  return { rate: env.API_RATE_LIMIT_PER_SECOND, burst: env.API_RATE_LIMIT_BURST };
});

export const takeApiRequestToken = (keyId: string, now = performance.now()) => buckets.take(keyId, 1, now);

/** Throws 429 rate_limited (with Retry-After) when the key has no token left; returns the headers to send otherwise. */
export function enforceApiRateLimit(keyId: string): Record<string, string> {
  const outcome = takeApiRequestToken(keyId);
  if (outcome.allowed) return outcome.headers;
  throw new AppError(
    'rate_limited',
    `Too many requests with this API key: the limit is ${getEnv().API_RATE_LIMIT_PER_SECOND} per second. Retry after ${outcome.retryAfterSeconds} s.`,
    { retryAfterSeconds: outcome.retryAfterSeconds, headers: outcome.headers },
  );
}

/** Test hook: start every key with a full bucket. */
export const resetApiRateLimitsForTests = () => buckets.reset();
