import { getEnv } from '@/env';

/**
 * Delays (seconds) before the 2nd, 3rd … attempt of an event delivery. Exponential at first, then daily, so a
 * receiver that is down for a weekend still gets its events: the span is > 3 days even at the lowest jitter.
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [
  30,
  120,
  600,
  1800,
  3600,
  3 * 3600,
  6 * 3600,
  12 * 3600,
  24 * 3600,
  24 * 3600,
  24 * 3600,
];

/** ±10 %: spreads a burst of failures (one receiver outage) so retries do not arrive in lockstep. */
export const RETRY_JITTER = 0.1;

/** The schedule in force: `EVENT_RETRY_SCHEDULE_SECONDS` (tests shorten it) or the default. */
export function retrySchedule(): readonly number[] {
  const configured = getEnv().EVENT_RETRY_SCHEDULE_SECONDS;
  return configured ? configured.split(',').map((s) => Number(s.trim())) : DEFAULT_RETRY_SCHEDULE_SECONDS;
}

/**
 * Milliseconds to wait after failed attempt number `attempt` (1-based), or null when the schedule is exhausted
 * and the delivery is given up. `random` is injectable so tests can pin the jitter.
 */
export function retryDelayMs(
  attempt: number,
  schedule: readonly number[] = retrySchedule(),
  random: () => number = Math.random,
): number | null {
  const base = schedule[attempt - 1];
  if (base === undefined) return null;
  const factor = 1 - RETRY_JITTER + 2 * RETRY_JITTER * random();
  return Math.round(base * 1000 * factor);
}
