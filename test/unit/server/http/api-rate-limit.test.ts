import { beforeEach, expect, it } from 'vitest';
import { useEnv } from '../../../support/scoped-env';
import { resetApiRateLimitsForTests, takeApiRequestToken } from '@/server/http/api-rate-limit';

useEnv({ API_RATE_LIMIT_PER_SECOND: '10', API_RATE_LIMIT_BURST: '20' });
beforeEach(() => resetApiRateLimitsForTests());

it('allows the burst at once, then refills at the rate (token bucket)', () => {
  const outcomes = Array.from({ length: 21 }, () => takeApiRequestToken('key_a', 1000));
  expect(outcomes.filter((o) => o.allowed)).toHaveLength(20);
  expect(outcomes[20]).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  expect(outcomes[19]!.headers.RateLimit).toBe('"default";r=0;t=2');
  // 10 a second: after 350 ms three tokens are back, the fourth request waits.
  const later = Array.from({ length: 4 }, () => takeApiRequestToken('key_a', 1350));
  expect(later.map((o) => o.allowed)).toEqual([true, true, true, false]);
});

it('never fills past the burst, however long a key was idle', () => {
  takeApiRequestToken('key_b', 0);
  const afterAnHour = takeApiRequestToken('key_b', 3_600_000);
  expect(afterAnHour.headers.RateLimit).toBe('"default";r=19;t=1');
  expect(afterAnHour.headers['RateLimit-Policy']).toBe('"default";q=10;w=1');
});
