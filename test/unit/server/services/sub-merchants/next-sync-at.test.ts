import { describe, expect, it } from 'vitest';
import { syncDelayMs } from '@/server/services/sub-merchants/next-sync-at';

const now = new Date('2026-01-01T00:00:00Z');
const quietFor = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const delay = (state: string | null, quietSeconds: number, intervalSeconds: number, extra: object = {}) =>
  syncDelayMs({
    state,
    changedAt: quietFor(quietSeconds),
    now,
    intervalMs: intervalSeconds * 1000,
    random: 1,
    ...extra,
  });

describe('next status check of a record under review', () => {
  it('is never scheduled for a terminal state', () => {
    for (const state of ['finished', 'rejected', 'canceled', null]) expect(delay(state, 0, 300)).toBeNull();
  });

  it('comes within 10 s of a change, and at most the interval when that is shorter', () => {
    expect(delay('submitted', 0, 300)).toBe(10_000);
    expect(delay('auditing', 30, 300)).toBe(10_000);
    expect(delay('submitted', 0, 5)).toBe(2_000);
  });

  it('stays fast (interval/4, at least 2 s) while the merchant must act', () => {
    expect(delay('to_be_signed', 3600, 300)).toBe(75_000);
    expect(delay('to_be_confirmed', 3600, 300)).toBe(75_000);
    expect(delay('signing', 3600, 5)).toBe(2_000);
  });

  it('backs off while the record sits unchanged, up to the interval and never beyond', () => {
    const quiet = [60, 600, 1200, 2400, 86_400].map((s) => delay('auditing', s, 300)!);
    expect(quiet).toEqual([...quiet].sort((a, b) => a - b));
    expect(quiet[0]).toBe(75_000);
    expect(quiet.at(-1)).toBe(300_000);
    for (let i = 0; i < 200; i++) {
      const jittered = syncDelayMs({ state: 'auditing', changedAt: quietFor(86_400), now, intervalMs: 300_000 })!;
      expect(jittered).toBeLessThanOrEqual(300_000);
      expect(jittered).toBeGreaterThanOrEqual(240_000);
    }
  });

  it('is raised to what the rate limit sustains for every record under review, but not past the interval', () => {
    expect(delay('submitted', 0, 300, { budgetFloorMs: 50_000 })).toBe(50_000);
    expect(delay('auditing', 86_400, 300, { budgetFloorMs: 50_000 })).toBe(300_000);
    expect(delay('submitted', 0, 300, { budgetFloorMs: 900_000 })).toBe(300_000);
  });
});
