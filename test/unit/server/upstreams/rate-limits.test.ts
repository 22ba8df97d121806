import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/env';
import { rolloutRateLimit, upstreamRateLimit } from '@/server/upstreams/rate-limits';

// Order of admission only, never how long a take waited.
describe('upstream rate limits', () => {
  beforeAll(() => {
    process.env.ROLLOUT_RATE_LIMIT_PER_SECOND = '4';
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.ROLLOUT_RATE_LIMIT_PER_SECOND;
    resetEnvForTests();
  });

  it('one platform’s rollout calls never queue another platform’s, nor the sync’s, behind its own', async () => {
    const admitted: string[] = [];
    const take = (label: string, limit: Promise<void>) => limit.then(() => void admitted.push(label));
    // Platform A asks for 7 calls at once: 4 pass (one second's worth), 3 wait for the bucket to refill.
    const a = Array.from({ length: 7 }, (_, i) => take(`a${i}`, rolloutRateLimit('providerA', 'plt_fair_a')));
    const b = take('b0', rolloutRateLimit('providerA', 'plt_fair_b'));
    const sync = take('sync', upstreamRateLimit('providerA'));
    await Promise.all([...a, b, sync]);
    // B and the sync go before A's fifth call, although they asked after A's seventh.
    expect(admitted.indexOf('b0')).toBeLessThan(admitted.indexOf('a4'));
    expect(admitted.indexOf('sync')).toBeLessThan(admitted.indexOf('a4'));
    expect(admitted.filter((l) => l.startsWith('a'))).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
  });
});
