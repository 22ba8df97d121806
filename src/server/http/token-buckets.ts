/**
 * In-process token buckets, one per key: each refills `rate` tokens a second up to `burst`. Shared by the /v1
 * limiter (per API key) and the console's (per operator or client address). Outcomes carry the
 * draft-ietf-httpapi-ratelimit-headers fields (RateLimit-Policy / RateLimit).
 */
type Bucket = { tokens: number; updatedAt: number };

export type RateLimitOutcome = { allowed: boolean; headers: Record<string, string>; retryAfterSeconds: number };
export type RateLimitPolicy = { rate: number; burst: number };

/** Above this many keys, full (idle) buckets are dropped: a full bucket is the same as no bucket. */
const PRUNE_ABOVE = 10_000;

export function tokenBuckets(policyName: string, policy: () => RateLimitPolicy) {
  const buckets = new Map<string, Bucket>();

  function pruneFullBuckets(now: number, { rate, burst }: RateLimitPolicy) {
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * rate >= burst) buckets.delete(key);
    }
  }

  /** Takes `cost` tokens (capped at the burst, so any single request can pass on a full bucket), or none. */
  function take(key: string, cost = 1, now = performance.now()): RateLimitOutcome {
    const limits = policy();
    const { rate, burst } = limits;
    const needed = Math.min(cost, burst);
    const bucket = buckets.get(key) ?? { tokens: burst, updatedAt: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * rate);
    bucket.updatedAt = now;
    const allowed = bucket.tokens >= needed;
    if (allowed) bucket.tokens -= needed;
    if (!buckets.has(key)) {
      if (buckets.size >= PRUNE_ABOVE) pruneFullBuckets(now, limits);
      buckets.set(key, bucket);
    }
    const remaining = Math.floor(bucket.tokens);
    const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((needed - bucket.tokens) / rate));
    // t: seconds until the bucket is full again (or, when refused, until this request would be allowed).
    const resetSeconds = allowed ? Math.ceil((burst - bucket.tokens) / rate) : retryAfterSeconds;
    return {
      allowed,
      retryAfterSeconds,
      headers: {
        'RateLimit-Policy': `"${policyName}";q=${rate};w=1`,
        RateLimit: `"${policyName}";r=${remaining};t=${resetSeconds}`,
      },
    };
  }

  return { take, reset: () => buckets.clear() };
}
