/**
 * How the sandbox's reviewers behave in one namespace, per provider (set through the control API,
 * src/sandbox/control/audit-policy-control.ts): the audit quota, an automatic decision after a duration, and the
 * share of those decisions that are rejections. Kept in the namespace's store like every emulator object, so it
 * holds across restarts and instances, and another platform's namespace never sees it.
 *
 * Automatic decisions need no timer: each audit carries its planned decision and when it is due from the moment
 * it is submitted; the emulators settle a due audit when they read it (the service's polling) and one sweep
 * settles the rest (sweepDueAudits), pushing the decision to the service as a reviewer's decision is pushed.
 */
import type { SandboxStore } from './store';

export type SandboxAuditProvider = 'providerA' | 'providerB';

export type SandboxAuditPolicy = {
  /**
   * providerA: the platform's monthly submit-audit quota (`queryquota` limit; null: the emulator's default) and
   * the expedited-audit quota it reports. providerB: audits per template per day (null: unlimited, as for
   * Alipay's standard templates).
   */
  quota: { limit: number | null; speedupLimit: number; speedupRest: number };
  /** Audits decide themselves this many seconds after their submission; null waits for a reviewer. */
  durationSeconds: number | null;
  /** Share of automatic decisions that are rejections (0–1). */
  rejectRate: number;
  seed: number;
  /** Bumped on every change: the decision sequence starts again under a new policy. */
  revision: number;
};

/** An automatic decision, fixed when the audit is submitted (a later policy change does not alter it). */
export type PlannedAuditDecision = { decideAt: number; decision: 'approve' | 'reject'; reason?: string };

const POLICY_KIND = 'sandbox.audit-policy';
const SLOT_KIND = 'sandbox.audit-policy-slot';
const SLOT_HINT_KIND = 'sandbox.audit-policy-next-slot';
const SETTLED_KIND = 'sandbox.audit-auto-settled';

export const defaultAuditPolicy = (): SandboxAuditPolicy => ({
  quota: { limit: null, speedupLimit: 0, speedupRest: 0 },
  durationSeconds: null,
  rejectRate: 0,
  seed: 0,
  revision: 0,
});

export async function readAuditPolicy(store: SandboxStore, provider: SandboxAuditProvider) {
  return (await store.get<SandboxAuditPolicy>(POLICY_KIND, provider)) ?? defaultAuditPolicy();
}

export const writeAuditPolicy = (store: SandboxStore, provider: SandboxAuditProvider, policy: SandboxAuditPolicy) =>
  store.put(POLICY_KIND, provider, policy);

/** Reviewers' words, as each upstream writes them; a rejection takes one by the seed. */
const REJECT_REASONS: Record<SandboxAuditProvider, string[]> = {
  providerA: [
    '1:小程序页面内容与所选服务类目不符，请修改后重新提交。<br>',
    '1:小程序存在诱导分享、诱导关注行为，请整改后重新提交。<br>',
    '1:小程序部分页面无法打开或功能无法正常使用，请完善后重新提交。<br>',
    '1:小程序涉及收集用户隐私信息，但未完善《用户隐私保护指引》。<br>',
    '1:小程序首页内容空白或仅有测试内容，请补充完整后重新提交。<br>',
  ],
  providerB: [
    '小程序页面内容与所选类目不符，请修改后重新提交',
    '小程序存在无法正常使用的功能，请修复后重新提交',
    '小程序服务描述与实际功能不一致，请修改后重新提交',
    '小程序缺少用户协议或隐私政策，请补充后重新提交',
    '小程序首页存在测试数据，请替换为真实内容后重新提交',
  ],
};

/** A fraction in [0, 1) from the seed and a number: the same inputs give the same value on every instance. */
function unit(seed: number, n: number) {
  let x = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n + 1, 0xc2b2ae35)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

/**
 * Whether the n-th audit under a policy (n from 0) is rejected: of any first N audits, exactly
 * floor(N·rate + offset) − floor(offset) are, where the offset comes from the seed: ⌊N·rate⌋ or ⌈N·rate⌉, so a
 * test can count them. Which of the audits they are depends on the seed.
 */
export function isRejected(policy: Pick<SandboxAuditPolicy, 'rejectRate' | 'seed'>, n: number) {
  const offset = unit(policy.seed, -1);
  return Math.floor((n + 1) * policy.rejectRate + offset) > Math.floor(n * policy.rejectRate + offset);
}

/**
 * At submission: the audit's automatic decision under the namespace's policy, or undefined when audits wait for
 * a reviewer. Takes the next number in the policy's sequence through the store's first-writer-wins create, so
 * concurrent submissions on several instances each get their own.
 */
export async function planAuditDecision(
  store: SandboxStore,
  provider: SandboxAuditProvider,
  auditId: string,
  now: Date,
): Promise<PlannedAuditDecision | undefined> {
  const policy = await readAuditPolicy(store, provider);
  if (policy.durationSeconds === null) return undefined;
  // The hint only saves probing from 0; the create decides (a stale hint costs a few more probes).
  const hintId = `${provider}:${policy.revision}`;
  let n = (await store.get<number>(SLOT_HINT_KIND, hintId)) ?? 0;
  while ((await store.create(SLOT_KIND, `${provider}:${policy.revision}:${n}`, auditId)) !== auditId) n++;
  await store.put(SLOT_HINT_KIND, hintId, n + 1);
  const decideAt = now.getTime() + policy.durationSeconds * 1000;
  if (!isRejected(policy, n)) return { decideAt, decision: 'approve' };
  const reasons = REJECT_REASONS[provider];
  return { decideAt, decision: 'reject', reason: reasons[Math.floor(unit(policy.seed, n) * reasons.length)]! };
}

/** Whether this caller settles the audit's automatic decision (exactly one does, across readers and sweeps). */
export async function claimAutoDecision(
  store: SandboxStore,
  provider: SandboxAuditProvider,
  auditKey: string,
  claimant: string,
) {
  return (await store.create(SETTLED_KIND, `${provider}:${auditKey}`, claimant)) === claimant;
}
