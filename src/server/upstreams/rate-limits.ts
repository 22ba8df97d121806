import type { Provider } from '@/domain/providers';
import { getEnv } from '@/env';

/**
 * A token bucket holding at most one second of calls: callers line up in order (so the bucket is never raced and
 * the first to ask is the first served) and each takes one token.
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
  return () => (queue = queue.then(take));
}

const limiters = new Map<string, () => Promise<void>>();
const limited = (key: string, perSecond: number) => {
  let take = limiters.get(key);
  if (!take) limiters.set(key, (take = createRateLimiter(perSecond)));
  return take();
};

/**
 * The status sync's limit per upstream, shared by every caller of status queries (the background sync, the
 * console's bulk refresh), so together they never ask a provider more often than SYNC_RATE_LIMIT_PER_SECOND.
 */
export const upstreamRateLimit = (provider: Provider) =>
  limited(`sync:${provider}`, getEnv().SYNC_RATE_LIMIT_PER_SECOND);

/**
 * The rollout executor's limit per provider and platform (the platform's own component or app credentials, whose
 * quotas the calls spend): ROLLOUT_RATE_LIMIT_PER_SECOND calls each. One platform's rollout never spends another's
 * budget, and interactive calls (console, /v1) never take it, so they never queue behind a rollout.
 */
export const rolloutRateLimit = (provider: Provider, platformId: string) =>
  limited(`rollout:${provider}:${platformId}`, getEnv().ROLLOUT_RATE_LIMIT_PER_SECOND);
