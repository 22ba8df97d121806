/**
 * The control API's audit policy (`GET`/`PUT /sandbox/control/{provider}/audit-policy`): the audit quota, the
 * automatic audit duration and the rejection rate of one platform's namespace, per provider; and the sweep that
 * settles automatic decisions nobody has read yet (src/sandbox/audit-policy.ts).
 */
import { z } from 'zod';
import { AppError } from '@/server/errors';
import { readAuditPolicy, writeAuditPolicy, type SandboxAuditPolicy, type SandboxAuditProvider } from '../audit-policy';
import { listKeyedNamespaces } from '../instance-keys';
import { deliverAlipayMessage, deliverComponentPush } from '../mini-program-pushes';
import { buildPush } from '../providerA/component';
import { settleDueAudit } from '../providerA/component/audit-control';
import { quotaUsed, setQuotaUsed } from '../providerA/component/audit-quota';
import { auditQuotaLimit } from '../providerA/component/audit-routes';
import { KIND as PROVIDER_A_KIND, type Audit } from '../providerA/component/state';
import { settleDueVersion } from '../providerB/mini/audit-control';
import { MINI_KINDS, type SandboxMiniVersion } from '../providerB/mini/mini-store';
import {
  namespaceKeys,
  namespacedSandbox,
  providerAComponentSandboxConfig,
  sandboxContext,
  type NamespacedSandbox,
} from '../sandbox-context';

const count = z.number().int().min(0).max(1_000_000);

export const auditPolicySchema = z
  .object({
    quota: z
      .object({
        limit: count
          .nullable()
          .optional()
          .describe(
            'providerA: submit_audit quota per month (null: the default 20). providerB: audits per template per day (null: unlimited).',
          ),
        rest: count.optional().describe('providerA: what is left this month (queryquota `rest`).'),
        speedupLimit: count.optional().describe('providerA: expedited audits per month (queryquota `speedup_limit`).'),
        speedupRest: count.optional().describe('providerA: expedited audits left (queryquota `speedup_rest`).'),
      })
      .strict()
      .optional(),
    durationSeconds: z
      .number()
      .int()
      .min(0)
      .max(30 * 86_400)
      .nullable()
      .optional()
      .describe('Audits submitted from now on decide themselves this long after submission; null: a reviewer decides.'),
    rejectRate: z.number().min(0).max(1).optional().describe('Share of automatic decisions that reject (0–1).'),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional()
      .describe('Same seed, same sequence of decisions.'),
  })
  .strict();

type PolicyView = {
  provider: SandboxAuditProvider;
  quota: Record<string, number | null>;
  durationSeconds: number | null;
  rejectRate: number;
  seed: number;
};

async function view(sandbox: NamespacedSandbox, provider: SandboxAuditProvider): Promise<PolicyView> {
  const policy = await readAuditPolicy(sandbox.store, provider);
  const { durationSeconds, rejectRate, seed } = policy;
  if (provider === 'providerB')
    return { provider, quota: { limit: policy.quota.limit }, durationSeconds, rejectRate, seed };
  const config = await providerAComponentSandboxConfig(sandbox.namespace);
  const limit = await auditQuotaLimit({ store: sandbox.store, config });
  const used = await quotaUsed(sandbox.store, new Date());
  return {
    provider,
    quota: {
      limit,
      rest: Math.max(0, limit - used),
      speedupLimit: policy.quota.speedupLimit,
      speedupRest: policy.quota.speedupRest,
    },
    durationSeconds,
    rejectRate,
    seed,
  };
}

export const readAuditPolicyAsControl = (sandbox: NamespacedSandbox, provider: SandboxAuditProvider) =>
  view(sandbox, provider);

const invalid = (pointer: string, message: string) =>
  new AppError('invalid_request', message, { errors: [{ pointer, code: 'invalid_value', message }] });

/**
 * Changes what is given and keeps the rest. Automatic decisions already planned stay as planned; the decision
 * sequence (rejectRate, seed) starts again for audits submitted from now on. providerA's `rest` sets this
 * month's count of submissions (limit − rest).
 */
export async function setAuditPolicy(
  sandbox: NamespacedSandbox,
  provider: SandboxAuditProvider,
  body: z.infer<typeof auditPolicySchema>,
) {
  const current = await readAuditPolicy(sandbox.store, provider);
  const quota = body.quota ?? {};
  if (provider === 'providerB') {
    const unsupported = (['rest', 'speedupLimit', 'speedupRest'] as const).find((key) => quota[key] !== undefined);
    if (unsupported)
      throw invalid(
        `/quota/${unsupported}`,
        `providerB has no ${unsupported}: Alipay's audit limit is per template and day (quota.limit), with no monthly quota or expedited count.`,
      );
  }
  const next: SandboxAuditPolicy = {
    quota: {
      limit: quota.limit === undefined ? current.quota.limit : quota.limit,
      speedupLimit: quota.speedupLimit ?? current.quota.speedupLimit,
      speedupRest: quota.speedupRest ?? current.quota.speedupRest,
    },
    durationSeconds: body.durationSeconds === undefined ? current.durationSeconds : body.durationSeconds,
    rejectRate: body.rejectRate ?? current.rejectRate,
    seed: body.seed ?? current.seed,
    revision: current.revision + 1,
  };
  if (next.quota.speedupRest > next.quota.speedupLimit)
    throw invalid(
      '/quota/speedupRest',
      `speedupRest (${next.quota.speedupRest}) exceeds speedupLimit (${next.quota.speedupLimit}).`,
    );
  if (provider === 'providerA' && quota.rest !== undefined) {
    const config = await providerAComponentSandboxConfig(sandbox.namespace);
    const limit = next.quota.limit ?? config.submitAuditQuotaPerMonth;
    if (quota.rest > limit) throw invalid('/quota/rest', `rest (${quota.rest}) exceeds the limit (${limit}).`);
    await setQuotaUsed(sandbox.store, new Date(), limit - quota.rest);
  }
  await writeAuditPolicy(sandbox.store, provider, next);
  return view(sandbox, provider);
}

/**
 * Settles every automatic decision that is due and that no read has settled, in every namespace that ever set
 * an audit policy, pushing each to the service. Run by one scheduled job a minute (and by the bench's sandbox
 * process): no timer per audit.
 */
export async function sweepDueAudits(now: () => Date = () => new Date()) {
  let settled = 0;
  for (const namespace of await listKeyedNamespaces(sandboxContext().store)) {
    const sandbox = namespacedSandbox(namespace);
    if ((await readAuditPolicy(sandbox.store, 'providerA')).revision > 0) {
      const config = await providerAComponentSandboxConfig(namespace);
      const due = (await sandbox.store.list<Audit>(PROVIDER_A_KIND.audit)).filter(
        (a) => a.auto && (a.status === 2 || a.status === 4) && a.auto.decideAt <= now().getTime(),
      );
      for (const audit of due) {
        const after = await settleDueAudit(sandbox.store, audit, {
          now,
          push: (decided) =>
            deliverComponentPush(buildPush(config, decided.event, { authorizerAppId: decided.authorizerAppId })),
        });
        if (after.status !== audit.status) settled++;
      }
    }
    if ((await readAuditPolicy(sandbox.store, 'providerB')).revision > 0) {
      const keys = (await namespaceKeys(namespace)).providerB;
      const due = (await sandbox.store.list<SandboxMiniVersion>(MINI_KINDS.version)).filter(
        (v) => v.auto && v.status === 'AUDITING' && !v.deleted && v.auto.decideAt <= now().getTime(),
      );
      for (const version of due) {
        const after = await settleDueVersion(
          { store: sandbox.store, keys, now, deliverMessage: deliverAlipayMessage },
          version,
        );
        if (after.status !== version.status) settled++;
      }
    }
  }
  return { settled };
}
