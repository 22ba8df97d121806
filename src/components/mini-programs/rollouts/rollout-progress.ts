import type { BadgeVariant } from '@/components/ui/badge';
import type { MessageKey } from '@/i18n/messages/en';

export const ROLLOUT_STEPS = ['commit', 'submit_audit', 'await_audit', 'release', 'done'] as const;
export const ITEM_STATES = ['pending', 'running', 'waiting', 'succeeded', 'failed', 'skipped'] as const;
export type RolloutStep = (typeof ROLLOUT_STEPS)[number];
export type ItemState = (typeof ITEM_STATES)[number];
export type RolloutState = 'running' | 'paused' | 'cancelled' | 'completed';
type Policy = { mode: 'commit_only' | 'submit_audit'; release: 'auto' | 'hold' };

export const stepLabel = (step: string) => `rollouts.step.${step}` as MessageKey;
export const itemStateLabel = (state: string) => `rollouts.itemState.${state}` as MessageKey;
export const rolloutStateLabel = (state: string) => `rollouts.state.${state}` as MessageKey;

export const rolloutStateVariant: Record<RolloutState, BadgeVariant> = {
  running: 'primary',
  paused: 'warning',
  cancelled: 'default',
  completed: 'success',
};
export const itemStateVariant: Record<ItemState, BadgeVariant> = {
  pending: 'default',
  running: 'primary',
  waiting: 'warning',
  succeeded: 'success',
  failed: 'destructive',
  skipped: 'outline',
};

/** The steps a rollout's items go through under its policy (commit only: straight from commit to done). */
export const stepsOf = (policy: Policy): readonly RolloutStep[] =>
  policy.mode === 'commit_only'
    ? ['commit', 'done']
    : policy.release === 'hold'
      ? ['commit', 'submit_audit', 'await_audit', 'done']
      : ROLLOUT_STEPS;

const at = (byStep: Record<string, number>, steps: readonly string[]) =>
  steps.reduce((n, step) => n + (byStep[step] ?? 0), 0);

/**
 * Per step, how many items are past it (an item stands at the step it has not finished yet; `done` counts those
 * that finished all). Items skipped or failed stay at the step where they stopped, so they count for none after it.
 */
export function stepProgress(byStep: Record<string, number>, policy: Policy) {
  const steps = stepsOf(policy);
  return steps.map((step, i) => ({
    step,
    done: step === 'done' ? (byStep.done ?? 0) : at(byStep, ROLLOUT_STEPS.slice(ROLLOUT_STEPS.indexOf(step) + 1)),
    index: i,
  }));
}

/**
 * What was done upstream as the counts tell it, for the cancel confirmation before the call (the cancel's answer
 * then gives the exact numbers): past commit = committed, past submit = submitted, done under auto-release =
 * released.
 */
export function doneUpstreamOf(byStep: Record<string, number>, policy: Policy) {
  const committed = at(byStep, ['submit_audit', 'await_audit', 'release', 'done']);
  if (policy.mode === 'commit_only') return { committed: byStep.done ?? 0, submitted: 0, released: 0 };
  return {
    committed,
    submitted: at(byStep, ['await_audit', 'release']) + (byStep.done ?? 0),
    released: policy.release === 'auto' ? (byStep.done ?? 0) : 0,
  };
}
