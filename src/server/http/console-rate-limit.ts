/**
 * The console API's rate limit (/api/trpc, /api/auth): a token bucket per signed-in operator, or per client
 * address when signed out, refilled CONSOLE_RATE_LIMIT_PER_SECOND a second up to CONSOLE_RATE_LIMIT_BURST.
 * Each tRPC procedure of a batch spends a token, so batching does not multiply the rate. Per instance, like
 * the /v1 limiter (api-rate-limit.ts).
 */
import { getEnv } from '@/env';
import { AppError } from '@/server/errors';
import { tokenBuckets } from './token-buckets';
import { clientAddress } from './trusted-proxy';

const buckets = tokenBuckets('console', () => {
  const env = getEnv();
  return { rate: env.CONSOLE_RATE_LIMIT_PER_SECOND, burst: env.CONSOLE_RATE_LIMIT_BURST };
});

/** Whose bucket a request spends from. */
export function consoleRateLimitKey(operatorId: string | null, request: Request): string {
  if (operatorId) return `operator:${operatorId}`;
  return `address:${clientAddress(request) ?? 'unknown'}`;
}

/** Throws 429 rate_limited (with Retry-After and RateLimit headers) when `cost` tokens are not there; returns the headers otherwise. */
export function enforceConsoleRateLimit(key: string, cost = 1): Record<string, string> {
  const outcome = buckets.take(key, cost);
  if (outcome.allowed) return outcome.headers;
  throw new AppError(
    'rate_limited',
    `Too many console requests: the limit is ${getEnv().CONSOLE_RATE_LIMIT_PER_SECOND} a second. Retry after ${outcome.retryAfterSeconds} s.`,
    { retryAfterSeconds: outcome.retryAfterSeconds, headers: outcome.headers },
  );
}

/** Test hook: start every operator and address with a full bucket. */
export const resetConsoleRateLimitsForTests = () => buckets.reset();
