/**
 * A fleet of fifty mini programs per provider, against the sandbox over HTTP, with the sandbox's reviewers deciding
 * by its audit policy: the quota running out mid-rollout and the rollout going on once it is restored; seeded
 * rejections, three sellers revoking their authorization after their approval, two executors (two instances) at
 * once, and retry-failed after the fix; pause, resume and cancel mid-way. Every upstream call that changes a mini
 * program is counted by the sandbox's ledger, as a checker in another process reads it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { miniProgramRolloutItems } from '@/server/db/schema';
import { advanceRollouts } from '@/server/services/mini-program-rollouts/advance-rollouts';
import { sweepDueAudits } from '@/sandbox/control/audit-policy-control';
import { KIND, type Audit } from '@/sandbox/providerA/component/state';
import { MINI_KINDS, type SandboxMiniVersion } from '@/sandbox/providerB/mini/mini-store';
import type { Provider } from '@/domain/providers';
import { describeEachDatabase } from '../support/databases';
import { createConsoleTeam } from '../support/console-team';
import { authorizeMiniProgram, miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { useEnv } from '../support/scoped-env';

const FLEET = 50;
// Fifty authorizers per step: a loaded CI machine takes minutes where an idle one takes seconds; a step that outlived
// the test would go on beside the next test and change the sandbox's counts under it.
vi.setConfig({ testTimeout: 180_000 });
const extJson = JSON.stringify({ extEnable: true, extAppid: '{{appId}}', ext: { seller: '{{sellerId}}' }, window: {} });
const itemList = [{ address: 'pages/index/index', title: '首页', tag: '购物' }];
/** The ledger's names of commit, submit and release per provider. */
const CALLS = {
  providerA: { commit: '/wxa/commit', submit: '/wxa/submit_audit', release: '/wxa/release' },
  providerB: {
    commit: 'alipay.open.mini.version.upload',
    submit: 'alipay.open.mini.version.audit.apply',
    release: 'alipay.open.mini.version.online',
  },
} as const;

type ItemView = { authorizerAppId: string; state: string; step: string; reason: string | null; auditId: string };

describeEachDatabase('rollouts to fifty mini programs on both providers', (database) => {
  // Fifty authorizers' calls at once against the in-process sandbox: the tests' 1.5 s default upstream timeout
  // would measure the machine, not the rollout; the per-platform upstream budget (default 10 calls/s) would make
  // this file wait, not test more.
  useEnv({ UPSTREAM_TIMEOUT_MS: '15000', ROLLOUT_RATE_LIMIT_PER_SECOND: '1000' });
  const sandbox = useSandboxOverHttp();
  const executor = () => advanceRollouts({ db: database().db, actor: 'test' });
  const bothInstances = () => Promise.all([executor(), executor()]);

  for (const provider of ['providerA', 'providerB'] as const satisfies Provider[]) {
    let platform: Awaited<ReturnType<typeof createConsoleTeam>>;
    let api: ReturnType<typeof miniProgramApi>;
    let templateId: string;
    let fleet: string[];
    const control = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
      sandbox.control(platform.apiKey, method, path, body);
    const policy = (body: unknown) => control('PUT', `/${provider}/audit-policy`, body);

    /** Calls per authorizer of one kind, from the sandbox's ledger. */
    async function ledger(kind: keyof (typeof CALLS)[typeof provider], appIds: string[]) {
      const answer = await control('GET', `/${provider}/calls`);
      expect(answer.status).toBe(200);
      const rows = answer.body!.data as { appId: string; api: string; count: number }[];
      const name = CALLS[provider][kind];
      return Object.fromEntries(
        appIds.map((id) => [id, rows.find((r) => r.appId === id && r.api === name)?.count ?? 0]),
      );
    }
    const each = (appIds: string[], count: number) => Object.fromEntries(appIds.map((id) => [id, count]));
    const itemsOf = async (id: string): Promise<Record<string, ItemView>> =>
      Object.fromEntries(
        ((await api.rollout(provider, id, '?limit=100')).body.items as ItemView[]).map((i) => [i.authorizerAppId, i]),
      );
    /** The items not ended yet, for a failure's message. */
    const unfinishedOf = async (id: string) =>
      Object.values(await itemsOf(id)).filter((i) => !['succeeded', 'failed', 'skipped'].includes(i.state));
    const start = async (appIds: string[], userVersion: string, policyOf: Record<string, unknown> = {}) => {
      const created = await api.createRollout(provider, {
        templateId,
        userVersion,
        extJson,
        itemList,
        targets: { appIds },
        policy: { mode: 'submit_audit', release: 'auto', concurrency: 10, ...policyOf },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return created.body.id as string;
    };
    /** The executor's wait after a quota answer (QUOTA_RETRY_SECONDS) has passed. */
    const waitIsOver = (rolloutId: string) =>
      database()
        .db.update(miniProgramRolloutItems)
        .set({ notBefore: sql`now() - interval '1 second'` })
        .where(eq(miniProgramRolloutItems.rolloutId, rolloutId));
    /** The sandbox's decisions on one version, by app id: 'approved' / 'rejected' / 'pending'. */
    async function decisions(userVersion: string): Promise<Record<string, string>> {
      const store = sandbox.store(platform.platformId);
      if (provider === 'providerA')
        return Object.fromEntries(
          (await store.list<Audit>(KIND.audit))
            .filter((a) => a.userVersion === userVersion)
            .map((a) => [a.appId, a.status === 0 ? 'approved' : a.status === 1 ? 'rejected' : 'pending']),
        );
      return Object.fromEntries(
        (await store.list<SandboxMiniVersion>(MINI_KINDS.version))
          .filter((v) => !v.deleted && v.app_version === userVersion)
          .map((v) => [
            v.auth_app_id,
            ['WAIT_RELEASE', 'RELEASE'].includes(v.status)
              ? 'approved'
              : v.status === 'AUDIT_REJECT'
                ? 'rejected'
                : 'pending',
          ]),
      );
    }

    it(`${provider}: fifty mini programs authorized as sellers do`, async () => {
      platform = await createConsoleTeam(database().db);
      api = miniProgramApi(platform.apiKey);
      if (provider === 'providerA')
        expect((await control('POST', '/providerA/ticket')).body).toEqual({ delivered: true });
      templateId = (await api.templates(provider)).body.templates[0].templateId as string;
      fleet = [];
      for (let batch = 0; batch < FLEET; batch += 10)
        fleet.push(
          ...(
            await Promise.all(
              Array.from({ length: 10 }, (_, i) =>
                authorizeMiniProgram(api, control, provider, `fleet-${provider}-${batch + i}`),
              ),
            )
          ).map((a) => a.appId),
        );
      expect(new Set(fleet).size).toBe(FLEET);
    });

    it(`${provider}: the audit quota runs out mid-rollout; the rest wait with that reason and go on once it is restored`, async () => {
      // WeChat: 20 left of the month's; Alipay: 20 submissions of this template today.
      const tight = await policy(
        provider === 'providerA' ? { quota: { limit: 1000, rest: 20 } } : { quota: { limit: 20 } },
      );
      expect(tight.status).toBe(200);
      const id = await start(fleet, '1.0.0');
      await bothInstances();
      let view = await api.rollout(provider, id);
      expect(view.body.state).toBe('running');
      const odd = Object.values(await itemsOf(id)).filter(
        (i) => !/^audit quota/.test(i.reason ?? '') && i.step !== 'await_audit',
      );
      expect(view.body.counts.byStep, JSON.stringify(odd.slice(0, 3))).toEqual({ await_audit: 20, submit_audit: 30 });
      expect(view.body.counts.byState).toEqual({ waiting: 50 });
      const items = Object.values(await itemsOf(id));
      for (const item of items.filter((i) => i.step === 'submit_audit')) expect(item.reason).toMatch(/^audit quota/);
      // Within the wait the executors leave them alone.
      expect((await advanceRollouts({ db: database().db, actor: 'test' }, { rolloutId: id })).ran).toBe(0);

      expect(
        (await policy(provider === 'providerA' ? { quota: { rest: 1000 } } : { quota: { limit: null } })).status,
      ).toBe(200);
      await waitIsOver(id);
      await bothInstances();
      view = await api.rollout(provider, id);
      expect(view.body.counts).toEqual({ byStep: { await_audit: 50 }, byState: { waiting: 50 } });
      // One commit each; one audit each upstream, whatever the refusals before.
      expect(await ledger('commit', fleet)).toEqual(each(fleet, 1));
      expect(Object.values(await decisions('1.0.0')).filter((d) => d === 'pending')).toHaveLength(50);
      // The reviewers approve all fifty; each is released once.
      for (const item of Object.values(await itemsOf(id)))
        expect(
          (await control('POST', `/${provider}/audits/${encodeURIComponent(item.auditId)}`, { decision: 'approve' }))
            .status,
        ).toBe(200);
      await bothInstances();
      view = await api.rollout(provider, id);
      expect(view.body.state).toBe('completed');
      expect(await ledger('release', fleet)).toEqual(each(fleet, 1));
    });

    it(`${provider}: seeded rejections, three sellers revoking after their approval, two instances, retry-failed after the fix`, async () => {
      // The reviewers decide at once, one in five rejected (exactly ten of fifty: the seeded sequence).
      expect((await policy({ durationSeconds: 0, rejectRate: 0.2, seed: 5 })).status).toBe(200);
      const before = {
        commit: await ledger('commit', fleet),
        submit: await ledger('submit', fleet),
        release: await ledger('release', fleet),
      };
      const id = await start(fleet, '2.0.0');
      await bothInstances();
      expect(
        (await api.rollout(provider, id)).body.counts.byStep,
        JSON.stringify(Object.values(await itemsOf(id)).slice(0, 2)),
      ).toEqual({ await_audit: 50 });
      // Every audit decided and pushed to the service, as the reviewers' decisions are.
      expect((await sweepDueAudits()).settled).toBeGreaterThanOrEqual(50);
      const decided = await decisions('2.0.0');
      const rejected = fleet.filter((a) => decided[a] === 'rejected');
      expect(rejected).toHaveLength(10);
      // Mid-way, after their approval and before their release, three sellers revoke the authorization.
      const revoked = fleet.filter((a) => decided[a] === 'approved').slice(0, 3);
      for (const appId of revoked)
        expect((await control('DELETE', `/${provider}/authorizations/${appId}`)).status).toBe(200);
      await bothInstances();

      let view = await api.rollout(provider, id);
      expect(view.body.state, JSON.stringify(await unfinishedOf(id))).toBe('completed');
      expect(view.body.counts.byState).toEqual({ succeeded: 37, failed: 10, skipped: 3 });
      let items = await itemsOf(id);
      for (const appId of rejected) {
        expect(items[appId]).toMatchObject({ state: 'failed', step: 'await_audit' });
        expect(items[appId]!.reason).toBeTruthy();
        expect(items[appId]!.reason).not.toMatch(/unauthorized/);
      }
      for (const appId of revoked) {
        expect(items[appId]!.state).toBe('skipped');
        expect(items[appId]!.reason).toMatch(/^unauthorized/);
      }
      const released = fleet.filter((a) => !rejected.includes(a) && !revoked.includes(a));
      const since = async (kind: 'commit' | 'submit' | 'release') => {
        const now = await ledger(kind, fleet);
        return Object.fromEntries(fleet.map((a) => [a, now[a]! - before[kind][a]!]));
      };
      expect(await since('commit')).toEqual(each(fleet, 1));
      expect(await since('submit')).toEqual(each(fleet, 1));
      expect(await since('release')).toEqual({ ...each(fleet, 0), ...each(released, 1) });

      // The fix: the reviewers stop rejecting; the ten go again from the submit, are approved and released.
      expect((await policy({ rejectRate: 0 })).status).toBe(200);
      expect((await api.rolloutAction(provider, id, 'retry-failed')).body).toMatchObject({
        state: 'running',
        retried: 10,
      });
      await bothInstances();
      await sweepDueAudits();
      await bothInstances();
      view = await api.rollout(provider, id);
      expect(
        view.body,
        JSON.stringify(
          Object.values(await itemsOf(id))
            .filter((i) => rejected.includes(i.authorizerAppId))
            .slice(0, 2),
        ),
      ).toMatchObject({ state: 'completed', counts: { byState: { succeeded: 47, skipped: 3 } } });
      items = await itemsOf(id);
      for (const appId of rejected) expect(items[appId]).toMatchObject({ state: 'succeeded', step: 'done' });
      expect(await since('commit')).toEqual(each(fleet, 1));
      expect(await since('submit')).toEqual({ ...each(fleet, 1), ...each(rejected, 2) });
      expect(await since('release')).toEqual({ ...each(fleet, 0), ...each([...released, ...rejected], 1) });
      expect((await policy({ durationSeconds: null })).status).toBe(200);
      fleet = fleet.filter((a) => !revoked.includes(a));
    });

    it(`${provider}: pause mid-way holds every step, resume goes on, cancel stops and says what was done upstream`, async () => {
      const id = await start(fleet, '3.0.0', { mode: 'commit_only', concurrency: 5 });
      // One bounded pass: the first five are committed.
      await advanceRollouts({ db: database().db, actor: 'test' }, { rolloutId: id, rounds: 1 });
      const commits = async () => Object.values(await ledger('commit', fleet)).reduce((a, b) => a + b, 0);
      const afterFirst = await commits();
      expect((await api.rolloutAction(provider, id, 'pause')).body).toMatchObject({ state: 'paused' });
      await bothInstances();
      expect(await commits()).toBe(afterFirst);
      expect((await api.rollout(provider, id)).body.counts.byState).toMatchObject({ succeeded: 5 });

      expect((await api.rolloutAction(provider, id, 'resume')).body).toMatchObject({ state: 'running' });
      await advanceRollouts({ db: database().db, actor: 'test' }, { rolloutId: id, rounds: 2 });
      expect(await commits()).toBe(afterFirst + 10);
      const cancelled = await api.rolloutAction(provider, id, 'cancel');
      expect(cancelled.body).toMatchObject({ state: 'cancelled', doneUpstream: { committed: 15 } });
      await bothInstances();
      expect(await commits()).toBe(afterFirst + 10);
      const view = await api.rollout(provider, id);
      expect(view.body.counts.byState).toEqual({ succeeded: 15, skipped: fleet.length - 15 });
      const untouched = Object.values(await itemsOf(id)).filter((i) => i.state === 'skipped');
      expect(untouched.length).toBe(fleet.length - 15);
      const rows = await database()
        .db.select({ state: miniProgramRolloutItems.state })
        .from(miniProgramRolloutItems)
        .where(and(eq(miniProgramRolloutItems.rolloutId, id), eq(miniProgramRolloutItems.state, 'running')));
      expect(rows).toEqual([]);
    });
  }
});
