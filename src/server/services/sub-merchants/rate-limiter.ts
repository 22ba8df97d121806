import type { Provider } from '@/domain/providers';
import { getEnv } from '@/env';

/**
 * A token bucket per upstream: the sync never asks a provider more often than its configured rate, however
 * many records are due.
 */
export function createRateLimiter(perSecond: number) {
  let tokens = perSecond;
  let last = Date.now();
  let queue = Promise.resolve();
  const take = async () => {
    for (;;) {
      const now = Date.now();
      tokens = Math.min(perSecond, tokens + ((now - last) / 1000) * perSecond);
      last = now;
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(((1 - tokens) / perSecond) * 1000)));
    }
  };
  // Callers line up so the bucket is never raced.
  return () => (queue = queue.then(take));
}

const limiters = new Map<Provider, () => Promise<void>>();

/**
 * The one rate limit per upstream that every caller shares (the background sync, the console's bulk refresh),
 * so together they never ask a provider more often than SYNC_RATE_LIMIT_PER_SECOND.
 */
export const upstreamRateLimit = (provider: Provider) => {
  if (!limiters.has(provider)) limiters.set(provider, createRateLimiter(getEnv().SYNC_RATE_LIMIT_PER_SECOND));
  return limiters.get(provider)!();
};
