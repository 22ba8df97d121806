import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/env';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, retryDelayMs, retrySchedule } from '@/server/services/events/retry-schedule';

const THREE_DAYS_MS = 3 * 24 * 3600 * 1000;

function totalSpanMs(schedule: readonly number[], random: () => number) {
  let total = 0;
  for (let attempt = 1; ; attempt++) {
    const delay = retryDelayMs(attempt, schedule, random);
    if (delay === null) return { total, attempts: attempt };
    total += delay;
  }
}

describe('event delivery retry schedule', () => {
  afterEach(() => {
    delete process.env.EVENT_RETRY_SCHEDULE_SECONDS;
    resetEnvForTests();
  });

  it('keeps retrying for at least 3 days even when every jitter draw is the lowest', () => {
    const lowest = totalSpanMs(DEFAULT_RETRY_SCHEDULE_SECONDS, () => 0);
    expect(lowest.total).toBeGreaterThanOrEqual(THREE_DAYS_MS);
    expect(lowest.attempts).toBe(DEFAULT_RETRY_SCHEDULE_SECONDS.length + 1);
  });

  it('backs off exponentially at first: each early delay is larger than the one before', () => {
    const delays = DEFAULT_RETRY_SCHEDULE_SECONDS.slice(0, 8);
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThan(delays[i - 1]!);
    expect(DEFAULT_RETRY_SCHEDULE_SECONDS[0]).toBe(30);
  });

  it('jitters each delay within ±10 %', () => {
    expect(retryDelayMs(1, [100], () => 0)).toBe(90_000);
    expect(retryDelayMs(1, [100], () => 0.5)).toBe(100_000);
    expect(retryDelayMs(1, [100], () => 0.999999)).toBeLessThanOrEqual(110_000);
    expect(retryDelayMs(2, [100], () => 0.5)).toBeNull();
  });

  it('reads EVENT_RETRY_SCHEDULE_SECONDS, which the environment validates', () => {
    expect(retrySchedule()).toEqual(DEFAULT_RETRY_SCHEDULE_SECONDS);
    process.env.EVENT_RETRY_SCHEDULE_SECONDS = '1, 2,3';
    resetEnvForTests();
    expect(retrySchedule()).toEqual([1, 2, 3]);
    for (const bad of ['0,1', '1,,2', 'a', '1.5', '-1']) {
      process.env.EVENT_RETRY_SCHEDULE_SECONDS = bad;
      resetEnvForTests();
      expect(() => retrySchedule(), bad).toThrow(/EVENT_RETRY_SCHEDULE_SECONDS/);
    }
  });
});
