import { describe, expect, it } from 'vitest';
import { isRejected, planAuditDecision, readAuditPolicy, writeAuditPolicy } from '@/sandbox/audit-policy';
import { createMemorySandboxStore } from '@/sandbox/store';

describe('the sandbox audit policy’s decisions', () => {
  it('rejects ⌊N·rate⌋ or ⌈N·rate⌉ of any first N audits, the same ones for the same seed', () => {
    for (const seed of [0, 1, 7, 42, 123_456]) {
      for (const rate of [0, 0.1, 0.3, 0.5, 0.77, 1]) {
        const decisions = Array.from({ length: 200 }, (_, n) => isRejected({ rejectRate: rate, seed }, n));
        for (const N of [1, 7, 10, 50, 200]) {
          const rejected = decisions.slice(0, N).filter(Boolean).length;
          expect([Math.floor(N * rate), Math.ceil(N * rate)], `seed ${seed} rate ${rate} N ${N}`).toContain(rejected);
        }
        expect(Array.from({ length: 200 }, (_, n) => isRejected({ rejectRate: rate, seed }, n))).toEqual(decisions);
      }
    }
    const pattern = (seed: number) => Array.from({ length: 40 }, (_, n) => isRejected({ rejectRate: 0.3, seed }, n));
    expect(pattern(1)).not.toEqual(pattern(2));
  });

  it('plans nothing without a duration; with one, each submission takes its own number even when they race', async () => {
    const store = createMemorySandboxStore();
    const now = new Date('2026-11-28T00:00:00Z');
    expect(await planAuditDecision(store, 'providerA', 'a0', now)).toBeUndefined();
    await writeAuditPolicy(store, 'providerA', {
      ...(await readAuditPolicy(store, 'providerA')),
      durationSeconds: 60,
      rejectRate: 0.5,
      seed: 9,
      revision: 1,
    });
    const plans = await Promise.all(
      Array.from({ length: 10 }, (_, i) => planAuditDecision(store, 'providerA', `a${i}`, now)),
    );
    expect(plans.every((p) => p!.decideAt === now.getTime() + 60_000)).toBe(true);
    expect(plans.filter((p) => p!.decision === 'reject')).toHaveLength(5);
    for (const p of plans.filter((p) => p!.decision === 'reject')) expect(p!.reason).toMatch(/小程序/);
    // The other provider's sequence is its own.
    expect(await planAuditDecision(store, 'providerB', 'b0', now)).toBeUndefined();
  });
});
