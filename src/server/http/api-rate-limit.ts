/**
 * Per API key token bucket, in process: each key refills API_RATE_LIMIT_PER_SECOND tokens a second up to
 * API_RATE_LIMIT_BURST. Per instance on purpose: with N instances behind a balancer a key gets up to N times
 * the rate, which keeps one slow database round trip off every request (see docs/operations.md).
 * Answers carry the draft-ietf-httpapi-ratelimit-headers fields (RateLimit-Policy / RateLimit).
 */
import { getEnv } from '@/env';
import { AppError } from '@/server/errors';

type Bucket = { tokens: number; updatedAt: number };

const buckets = new Map<string, Bucket>();
/** Above this many keys, full (idle) buckets are dropped: a full bucket is the same as no bucket. */
const PRUNE_ABOVE = 10_000;

export type RateLimitOutcome = { allowed: boolean; headers: Record<string, string>; retryAfterSeconds: number };

export function takeApiRequestToken(keyId: string, now = performance.now()): RateLimitOutcome {
  const { API_RATE_LIMIT_PER_SECOND: rate, API_RATE_LIMIT_BURST: burst } = getEnv();
  const bucket = buckets.get(keyId) ?? { tokens: burst, updatedAt: now };
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * rate);
  bucket.updatedAt = now;
  const allowed = bucket.tokens >= 1;
  if (allowed) bucket.tokens -= 1;
  if (!buckets.has(keyId)) {
    if (buckets.size >= PRUNE_ABOVE) pruneFullBuckets(now, rate, burst);
    buckets.set(keyId, bucket);
  }
  const remaining = Math.floor(bucket.tokens);
  const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
  // t: seconds until the bucket is full again (or, when empty, until the next request is allowed).
  const resetSeconds = allowed ? Math.ceil((burst - bucket.tokens) / rate) : retryAfterSeconds;
  return {
    allowed,
    retryAfterSeconds,
    headers: {
      'RateLimit-Policy': `"default";q=${rate};w=1`,
      RateLimit: `"default";r=${remaining};t=${resetSeconds}`,
    },
  };
}

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

function pruneFullBuckets(now: number, rate: number, burst: number) {
  for (const [keyId, bucket] of buckets) {
    if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * rate >= burst) buckets.delete(keyId);
  }
}

/** Test hook: start every key with a full bucket. */
export function resetApiRateLimitsForTests() {
  buckets.clear();
}
