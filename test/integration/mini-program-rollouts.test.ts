import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { events, miniProgramRolloutItems, miniProgramRollouts, mpAudits, mpCommits } from '@/server/db/schema';
import { advanceRollouts } from '@/server/services/mini-program-rollouts/advance-rollouts';
import { deliverComponentPush } from '@/sandbox/mini-program-pushes';
import { buildPush, revokeAuthorization } from '@/sandbox/providerA/component';
import { KIND, type Audit, type CodeState } from '@/sandbox/providerA/component/state';
import { sandboxNamespace } from '@/server/config/sandbox-namespace';
import { providerAComponentSandboxConfig } from '@/sandbox/sandbox-context';
import { describeEachDatabase } from '../support/databases';
import { createConsoleTeam, trpcFailure as failure } from '../support/console-team';
import { miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { useEnv } from '../support/scoped-env';
import { until } from '../support/webhook-receiver';
import { startJobs } from '@/server/jobs/start-jobs';
import '@/server/jobs/all-jobs';
import type { Provider } from '@/domain/providers';

// The ext JSON template of every rollout here: the three kinds of placeholder.
const extTemplate = JSON.stringify({
  extEnable: true,
  extAppid: '{{appId}}',
  ext: { seller: '{{sellerId}}', shopId: '{{ext.shopId}}' },
  window: { navigationBarTitleText: '示例小店' },
});
const itemList = [{ address: 'pages/index/index', title: '首页', tag: '购物' }];

describeEachDatabase('mini-program rollouts against the sandbox over HTTP', (database) => {
  // Many calls at once against the in-process sandbox: the tests' 1.5 s default upstream timeout would measure
  // the machine, not the rollout.
  useEnv({ UPSTREAM_TIMEOUT_MS: '15000' });
  const sandbox = useSandboxOverHttp();
  let platform: Awaited<ReturnType<typeof createConsoleTeam>>;
  let api: ReturnType<typeof miniProgramApi>;
  let templateId: string;
  const executor = () => advanceRollouts({ db: database().db, actor: 'test' });
  const calls = () => ({
    commit: sandbox.upstreamCallCount('providerA/open/wxa/commit'),
    submit: sandbox.upstreamCallCount('providerA/open/wxa/submit_audit'),
    release: sandbox.upstreamCallCount('providerA/open/wxa/release'),
  });
  const callsSince = (before: ReturnType<typeof calls>) => {
    const now = calls();
    return {
      commit: now.commit - before.commit,
      submit: now.submit - before.submit,
      release: now.release - before.release,
    };
  };

  beforeAll(async () => {
    platform = await createConsoleTeam(database().db);
    api = miniProgramApi(platform.apiKey);
    expect((await sandbox.control(platform.apiKey, 'POST', '/providerA/ticket')).body).toEqual({ delivered: true });
    templateId = (await api.templates('providerA')).body.templates[0].templateId;
    // More audits than WeChat's default 20 a month: every test here submits some.
    const quota = await sandbox.control(platform.apiKey, 'PUT', '/providerA/audit-policy', {
      quota: { limit: 100, rest: 100 },
    });
    expect(quota.status).toBe(200);
  });

  async function authorizeApps(n: number, prefix: string, provider: Provider = 'providerA') {
    const appIds: string[] = [];
    for (let i = 0; i < n; i++) {
      const started = await api.authorize({
        platform: provider,
        redirectUri: 'https://seller.example.com/back',
        tenantId: `${prefix}-${i}`,
      });
      const granted = await sandbox.control(platform.apiKey, 'POST', `/${provider}/authorizations`, {
        state: started.body.state,
      });
      const query = new URL(granted.body!.redirectUrl as string).searchParams.toString();
      const done = await api.callback(provider, query);
      expect(done.status).toBe(200);
      appIds.push(done.body.appId as string);
    }
    return appIds;
  }

  const shops = (appIds: string[]) => Object.fromEntries(appIds.map((id, i) => [id, { shopId: `shop-${i}` }]));
  const decide = (auditId: string, decision: 'approve' | 'reject', reason?: string) =>
    sandbox.control(platform.apiKey, 'POST', `/providerA/audits/${encodeURIComponent(auditId)}`, {
      decision,
      ...(reason ? { reason } : {}),
    });
  type ItemView = {
    authorizerAppId: string;
    state: string;
    step: string;
    reason: string | null;
    auditId: string | null;
  };
  const itemsOf = async (id: string, provider: Provider = 'providerA'): Promise<Record<string, ItemView>> =>
    Object.fromEntries(((await api.rollout(provider, id)).body.items as ItemView[]).map((i) => [i.authorizerAppId, i]));

  it('ten authorizers with auto-release: one unauthorized is skipped, rejections fail with the reviewer’s words, retry-failed finishes them, each upstream call made once', async () => {
    const appIds = await authorizeApps(10, 'seller-fleet');
    const revoked = appIds[9]!;
    const config = await providerAComponentSandboxConfig(sandboxNamespace(platform.platformId));
    await deliverComponentPush(
      buildPush(
        config,
        await revokeAuthorization(sandbox.store(platform.platformId), { authorizerAppId: revoked }, { config }),
      ),
    );

    const created = await api.createRollout('providerA', {
      templateId,
      userVersion: '2.0.0',
      userDesc: '批量版本',
      extJson: extTemplate,
      authorizerExt: shops(appIds),
      itemList,
      targets: { appIds },
      policy: { mode: 'submit_audit', release: 'auto', concurrency: 4 },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ object: 'rollout', state: 'running', total: 10 });
    const id = created.body.id as string;
    expect(id).toMatch(/^ro_/);

    // Two executors at once (two instances): each claim is exclusive, so each step runs once.
    const start = calls();
    await Promise.all([executor(), executor()]);
    expect(callsSince(start)).toEqual({ commit: 9, submit: 9, release: 0 });
    let view = await api.rollout('providerA', id);
    expect(view.body.counts.byState).toEqual({ waiting: 9, skipped: 1 });
    expect(view.body.counts.byStep).toEqual({ await_audit: 9, commit: 1 });
    let items = await itemsOf(id);
    expect(items[revoked]).toMatchObject({ state: 'skipped', step: 'commit' });
    expect(items[revoked]!.reason).toContain('unauthorized');

    // The sandbox saw one commit and one audit submission per authorizer, with that authorizer's ext JSON.
    const store = sandbox.store(platform.platformId);
    const audits = await store.list<Audit>(KIND.audit);
    for (const [i, appId] of appIds.slice(0, 9).entries()) {
      expect(audits.filter((a) => a.appId === appId)).toHaveLength(1);
      const code = await store.get<CodeState>(KIND.code, appId);
      expect(code!.experience!.seq).toBe(1);
      expect(JSON.parse(code!.experience!.extJson)).toMatchObject({
        extAppid: appId,
        ext: { seller: `seller-fleet-${i}`, shopId: `shop-${i}` },
      });
      expect(items[appId]!.auditId).toBe(audits.find((a) => a.appId === appId)!.auditId);
    }
    expect(audits.filter((a) => a.appId === revoked)).toHaveLength(0);
    const commits = await database().db.select().from(mpCommits).where(eq(mpCommits.platformId, platform.platformId));
    expect(commits).toHaveLength(9);

    // Six approved, three rejected; the decisions arrive as pushes and move the items on.
    for (const appId of appIds.slice(0, 6)) expect((await decide(items[appId]!.auditId!, 'approve')).status).toBe(200);
    for (const appId of appIds.slice(6, 9))
      expect((await decide(items[appId]!.auditId!, 'reject', '页面内容不完整')).status).toBe(200);
    await Promise.all([executor(), executor()]);
    expect(callsSince(start)).toEqual({ commit: 9, submit: 9, release: 6 });
    // The sandbox's own ledger, as a checker in another process reads it: each authorizer once per call.
    const ledger = await sandbox.control(platform.apiKey, 'GET', '/providerA/calls');
    expect(ledger.status).toBe(200);
    const perApp = (api: string) =>
      (ledger.body!.data as { appId: string; api: string; count: number }[])
        .filter((row) => row.api === api && appIds.includes(row.appId))
        .map((row) => [row.appId, row.count])
        .sort();
    expect(perApp('/wxa/commit')).toEqual(
      appIds
        .filter((a) => a !== revoked)
        .map((a) => [a, 1])
        .sort(),
    );
    expect(perApp('/wxa/submit_audit')).toHaveLength(9);
    expect(perApp('/wxa/release')).toEqual(
      appIds
        .slice(0, 6)
        .map((a) => [a, 1])
        .sort(),
    );
    expect((await sandbox.control(platform.apiKey, 'GET', `/providerA/calls?appId=${revoked}`)).body!.data).toEqual([]);
    // Alipay's ledger is its own: none of these WeChat calls is in it.
    const alipayLedger = await sandbox.control(platform.apiKey, 'GET', '/providerB/calls');
    expect(alipayLedger.status).toBe(200);
    expect((alipayLedger.body!.data as { appId: string }[]).filter((row) => appIds.includes(row.appId))).toEqual([]);
    view = await api.rollout('providerA', id);
    expect(view.body.state).toBe('completed');
    expect(view.body.counts.byState).toEqual({ succeeded: 6, failed: 3, skipped: 1 });
    items = await itemsOf(id);
    for (const appId of appIds.slice(6, 9)) {
      expect(items[appId]).toMatchObject({ state: 'failed', step: 'await_audit' });
      expect(items[appId]!.reason).toContain('页面内容不完整');
    }
    for (const appId of appIds.slice(0, 6)) {
      expect(items[appId]).toMatchObject({ state: 'succeeded', step: 'done' });
      expect((await store.get<CodeState>(KIND.code, appId))!.online?.userVersion).toBe('2.0.0');
    }
    const completed = await database()
      .db.select()
      .from(events)
      .where(and(eq(events.platformId, platform.platformId), eq(events.type, 'miniprogram.rollout.completed')));
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toMatchObject({ rolloutId: id, byState: { succeeded: 6, failed: 3, skipped: 1 } });
    // Progress events: at least one, never two within 5 s of one rollout.
    const updated = (
      await database()
        .db.select()
        .from(events)
        .where(and(eq(events.platformId, platform.platformId), eq(events.type, 'miniprogram.rollout.updated')))
    )
      .filter((e) => (e.data as { rolloutId: string }).rolloutId === id)
      .map((e) => e.createdAt.getTime())
      .sort();
    expect(updated.length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < updated.length; i++) expect(updated[i]! - updated[i - 1]!).toBeGreaterThanOrEqual(4_900);

    // After the fix, the rejected three go again from the submit, are approved and released.
    const retried = await api.rolloutAction('providerA', id, 'retry-failed');
    expect(retried.body).toMatchObject({ state: 'running', retried: 3 });
    await executor();
    items = await itemsOf(id);
    for (const appId of appIds.slice(6, 9)) {
      expect(items[appId]).toMatchObject({ state: 'waiting', step: 'await_audit' });
      expect((await decide(items[appId]!.auditId!, 'approve')).status).toBe(200);
    }
    await executor();
    view = await api.rollout('providerA', id);
    expect(view.body).toMatchObject({ state: 'completed', counts: { byState: { succeeded: 9, skipped: 1 } } });
    expect((await store.list<Audit>(KIND.audit)).filter((a) => appIds.includes(a.appId))).toHaveLength(12);
  });

  it('pause holds the steps, resume runs them, cancel stops and says what was done upstream', async () => {
    const appIds = await authorizeApps(3, 'seller-pause');
    const created = await api.createRollout('providerA', {
      templateId,
      userVersion: '3.0.0',
      extJson: extTemplate,
      authorizerExt: shops(appIds),
      targets: { sellerIds: ['seller-pause-0', 'seller-pause-1'] },
      policy: { mode: 'commit_only', release: 'hold', concurrency: 1 },
    });
    expect(created.body.total).toBe(2);
    const id = created.body.id as string;
    expect((await api.rolloutAction('providerA', id, 'pause')).body.state).toBe('paused');
    expect((await api.rolloutAction('providerA', id, 'pause')).status).toBe(409);
    expect(await advanceRollouts({ db: database().db, actor: 'test' }, { rolloutId: id })).toEqual({
      ran: 0,
      unfinished: [],
    });
    expect((await api.rollout('providerA', id)).body.counts.byState).toEqual({ pending: 2 });
    expect((await api.rolloutAction('providerA', id, 'resume')).body.state).toBe('running');
    await executor();
    expect((await api.rollout('providerA', id)).body).toMatchObject({
      state: 'completed',
      counts: { byState: { succeeded: 2 }, byStep: { done: 2 } },
    });
    expect((await api.rolloutAction('providerA', id, 'cancel')).status).toBe(409);

    const third = await api.createRollout('providerA', {
      templateId,
      userVersion: '3.1.0',
      extJson: extTemplate,
      authorizerExt: shops(appIds),
      itemList,
      targets: { appIds },
    });
    expect(third.status).toBe(200);
    const overlap = await api.createRollout('providerA', {
      templateId,
      userVersion: '3.2.0',
      extJson: extTemplate,
      authorizerExt: shops(appIds),
      targets: { appIds: [appIds[1]] },
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.detail).toContain(third.body.id);
    await executor();
    const cancelled = await api.rolloutAction('providerA', third.body.id, 'cancel');
    expect(cancelled.body).toMatchObject({
      state: 'cancelled',
      doneUpstream: { committed: 3, submittedForAudit: 3, released: 0 },
    });
    const items = await itemsOf(third.body.id);
    for (const appId of appIds) {
      expect(items[appId]!.state).toBe('skipped');
      expect(items[appId]!.reason).toContain('was submitted and is not released');
    }
    expect((await api.rolloutAction('providerA', third.body.id, 'resume')).status).toBe(409);

    // Two creates at once on the same authorizers: one rollout, and the other is told which.
    const racing = await Promise.all(
      ['3.3.0', '3.4.0'].map((userVersion) =>
        api.createRollout('providerA', {
          templateId,
          userVersion,
          extJson: extTemplate,
          authorizerExt: shops(appIds),
          targets: { appIds },
        }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = racing.find((r) => r.status === 200)!.body.id as string;
    expect(racing.find((r) => r.status === 409)!.body.detail).toContain(winner);
  });

  it('a claim left by a crashed instance after its submit reached the upstream is recovered from the recorded audit, not submitted again', async () => {
    const appIds = await authorizeApps(2, 'seller-crash');
    const created = await api.createRollout('providerA', {
      templateId,
      userVersion: '4.0.0',
      extJson: extTemplate,
      authorizerExt: shops(appIds),
      itemList,
      targets: { appIds },
      policy: { release: 'hold' },
    });
    const id = created.body.id as string;
    await executor();
    const before = await itemsOf(id);
    // What a SIGKILL between the upstream's answer and the item's update leaves: the intent written, the audit
    // recorded by submit-audit, the item still claimed (its lease ran out) and without the audit id.
    await database()
      .db.update(miniProgramRolloutItems)
      .set({
        step: 'submit_audit',
        state: 'running',
        auditId: null,
        submitIntentAt: sql`now() - interval '2 seconds'`,
        leaseUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(miniProgramRolloutItems.rolloutId, id));
    const start = calls();
    await Promise.all([executor(), executor()]);
    expect(callsSince(start)).toEqual({ commit: 0, submit: 0, release: 0 });
    const after = await itemsOf(id);
    const audits = await sandbox.store(platform.platformId).list<Audit>(KIND.audit);
    for (const appId of appIds) {
      expect(after[appId]).toMatchObject({ step: 'await_audit', state: 'waiting', auditId: before[appId]!.auditId });
      expect(audits.filter((a) => a.appId === appId)).toHaveLength(1);
      expect((await decide(after[appId]!.auditId!, 'approve')).status).toBe(200);
    }
    await executor();
    expect((await api.rollout('providerA', id)).body).toMatchObject({
      state: 'completed',
      counts: { byState: { succeeded: 2 } },
    });
    const items = await itemsOf(id);
    expect(items[appIds[0]!]!.reason).toContain('held for release');
  });

  it('a step whose answer a crash lost is looked for upstream before it is sent again: no second commit, no second submit', async () => {
    const appIds = await authorizeApps(2, 'seller-lost');
    const start = async (userVersion: string, mode: 'commit_only' | 'submit_audit') => {
      const created = await api.createRollout('providerA', {
        templateId,
        userVersion,
        extJson: extTemplate,
        authorizerExt: shops(appIds),
        itemList,
        targets: { appIds },
        policy: { mode, release: 'hold' },
      });
      expect(created.status).toBe(200);
      return created.body.id as string;
    };
    // The commit arrived upstream, the instance died before recording it: the item is still claimed (lease out).
    const committing = await start('5.0.0', 'commit_only');
    await executor();
    await database()
      .db.update(miniProgramRolloutItems)
      .set({ step: 'commit', state: 'running', attempts: 1, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(miniProgramRolloutItems.rolloutId, committing));
    await database()
      .db.update(miniProgramRollouts)
      .set({ state: 'running', completedAt: null })
      .where(eq(miniProgramRollouts.id, committing));
    let before = calls();
    await executor();
    expect(callsSince(before)).toEqual({ commit: 0, submit: 0, release: 0 });
    expect((await api.rollout('providerA', committing)).body).toMatchObject({
      state: 'completed',
      counts: { byState: { succeeded: 2 } },
    });

    // The submit arrived upstream, the instance died before submit-audit recorded the audit.
    const submitting = await start('5.0.1', 'submit_audit');
    await executor();
    const upstreamIds = Object.fromEntries(
      Object.values(await itemsOf(submitting)).map((item) => [item.authorizerAppId, item.auditId]),
    );
    for (const appId of appIds) expect(upstreamIds[appId]).toBeTruthy();
    await database()
      .db.delete(mpAudits)
      .where(and(eq(mpAudits.platformId, platform.platformId), eq(mpAudits.userVersion, '5.0.1')));
    await database()
      .db.update(miniProgramRolloutItems)
      .set({
        step: 'submit_audit',
        state: 'running',
        auditId: null,
        submitIntentAt: sql`now() - interval '2 seconds'`,
        leaseUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(miniProgramRolloutItems.rolloutId, submitting));
    before = calls();
    await executor();
    expect(callsSince(before)).toEqual({ commit: 0, submit: 0, release: 0 });
    const after = await itemsOf(submitting);
    for (const appId of appIds) {
      expect(after[appId]).toMatchObject({ step: 'await_audit', state: 'waiting', auditId: upstreamIds[appId] });
      const [recorded] = await database().db.select().from(mpAudits).where(eq(mpAudits.auditId, upstreamIds[appId]!));
      expect(recorded).toMatchObject({ status: 'pending', userVersion: '5.0.1' });
    }
  });

  it('when the audit quota is used up the items wait with that reason, and go on once it is restored', async () => {
    const appIds = await authorizeApps(2, 'seller-quota');
    const store = sandbox.store(platform.platformId);
    // The sandbox's reviewers are told the month's quota is used up (queryquota rest 0 → submit_audit 85085).
    const policy = await sandbox.control(platform.apiKey, 'GET', '/providerA/audit-policy');
    const { rest } = policy.body!.quota as { rest: number };
    expect(rest).toBeGreaterThanOrEqual(2);
    const exhausted = await sandbox.control(platform.apiKey, 'PUT', '/providerA/audit-policy', { quota: { rest: 0 } });
    expect(exhausted.body).toMatchObject({ quota: { rest: 0 } });
    const created = await api.createRollout('providerA', {
      templateId,
      userVersion: '5.0.0',
      extJson: extTemplate,
      authorizerExt: shops(appIds),
      itemList,
      targets: { appIds },
    });
    const id = created.body.id as string;
    await executor();
    let view = await api.rollout('providerA', id);
    expect(view.body.state).toBe('running');
    expect(view.body.counts.byState).toEqual({ waiting: 2 });
    for (const item of view.body.items as { step: string; reason: string }[]) {
      expect(item.step).toBe('submit_audit');
      expect(item.reason).toContain('quota');
    }
    // Within the wait the executor leaves them alone.
    expect(await advanceRollouts({ db: database().db, actor: 'test' }, { rolloutId: id })).toEqual({
      ran: 0,
      unfinished: [],
    });
    // Restored as a new month's: the tests after this one submit more than what was left.
    expect(
      (await sandbox.control(platform.apiKey, 'PUT', '/providerA/audit-policy', { quota: { rest: 20 } })).status,
    ).toBe(200);
    // The wait (QUOTA_RETRY_SECONDS) passes.
    await database()
      .db.update(miniProgramRolloutItems)
      .set({ notBefore: sql`now() - interval '1 second'` })
      .where(eq(miniProgramRolloutItems.rolloutId, id));
    await executor();
    view = await api.rollout('providerA', id);
    expect(view.body.counts).toEqual({ byStep: { await_audit: 2 }, byState: { waiting: 2 } });
    const audits = await store.list<Audit>(KIND.audit);
    for (const appId of appIds) expect(audits.filter((a) => a.appId === appId)).toHaveLength(1);
  });

  it('providerB through the job queue: the outbox kicks the executor, audit pushes move the items, approved ones are released', async () => {
    const runner = await startJobs(database(), { relayIntervalMs: 100 });
    try {
      const appIds = await authorizeApps(3, 'seller-alipay', 'providerB');
      const alipayTemplate = (await api.templates('providerB')).body.templates[0].templateId as string;
      const created = await api.createRollout('providerB', {
        templateId: alipayTemplate,
        userVersion: '0.2.0',
        extJson: extTemplate,
        authorizerExt: shops(appIds),
        itemList,
        targets: { sellerIds: appIds.map((_, i) => `seller-alipay-${i}`) },
      });
      expect(created.status).toBe(200);
      const id = created.body.id as string;
      const view = () => api.rollout('providerB', id);
      await until(async () => (await view()).body.counts.byStep.await_audit === 3);
      const items = await itemsOf(id, 'providerB');
      for (const [i, appId] of appIds.entries()) {
        expect(items[appId]!.auditId).toBe(`${appId}:0.2.0`);
        const decided = await sandbox.control(
          platform.apiKey,
          'POST',
          `/providerB/audits/${encodeURIComponent(items[appId]!.auditId!)}`,
          i === 0 ? { decision: 'reject', reason: '类目不符' } : { decision: 'approve' },
        );
        expect(decided.status).toBe(200);
      }
      await until(async () => (await view()).body.state === 'completed');
      expect((await view()).body.counts.byState).toEqual({ succeeded: 2, failed: 1 });
      const done = await itemsOf(id, 'providerB');
      expect(done[appIds[0]!]!.reason).toContain('类目不符');
      const [rejected] = await database()
        .db.select()
        .from(mpAudits)
        .where(eq(mpAudits.auditId, `${appIds[0]}:0.2.0`));
      expect(rejected).toMatchObject({ status: 'rejected', releasedAt: null });
      for (const appId of appIds.slice(1)) {
        expect(done[appId]).toMatchObject({ state: 'succeeded', step: 'done' });
        const [audit] = await database()
          .db.select()
          .from(mpAudits)
          .where(eq(mpAudits.auditId, `${appId}:0.2.0`));
        expect(audit!.releasedAt).toBeInstanceOf(Date);
      }
    } finally {
      await runner.stop();
    }
  });

  it('the console (tRPC) reaches the same rollouts: viewers read, operators pause and cancel, admins start and resume; another platform gets 404', async () => {
    const appIds = await authorizeApps(2, 'seller-console');
    const { platformId } = platform;
    const input = {
      platformId,
      platform: 'providerA' as const,
      templateId,
      userVersion: '6.0.0',
      extJson: extTemplate,
      authorizerExt: shops(appIds),
      itemList,
      targets: { appIds },
    };
    expect(await failure(platform.as('operator').miniProgramRollouts.create(input))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const rollout = await platform.as('admin').miniProgramRollouts.create(input);
    const target = { platformId, platform: 'providerA' as const, rolloutId: rollout.id };
    expect((await platform.as('operator').miniProgramRollouts.pause(target)).state).toBe('paused');
    expect(await failure(platform.as('operator').miniProgramRollouts.resume(target))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const seen = await platform.as('viewer').miniProgramRollouts.get(target);
    expect(seen).toMatchObject({ id: rollout.id, state: 'paused', counts: { byState: { pending: 2 } } });
    expect(
      (await platform.as('viewer').miniProgramRollouts.list({ platformId, platform: 'providerA' })).data.map(
        (r) => r.id,
      ),
    ).toContain(rollout.id);
    expect(await failure(platform.as('viewer').miniProgramRollouts.cancel(target))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const other = await createConsoleTeam(database().db);
    expect(
      await failure(other.as('admin').miniProgramRollouts.get({ ...target, platformId: other.platformId })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect((await platform.as('admin').miniProgramRollouts.resume(target)).state).toBe('running');
    await executor();
    const cancelled = await platform.as('operator').miniProgramRollouts.cancel(target);
    expect(cancelled).toMatchObject({ state: 'cancelled', doneUpstream: { committed: 2, submittedForAudit: 2 } });
  });

  it('bad input is refused before anything goes upstream: unknown template 404, unrenderable ext 422 naming the app ids, bad platform 404, bad body 400', async () => {
    const appIds = await authorizeApps(2, 'seller-bad');
    const before = (await api.rollouts('providerA')).body.data.length;
    const base = { templateId, userVersion: '9.0.0', extJson: extTemplate, targets: { appIds } };
    expect((await api.createRollout('providerA', { ...base, templateId: 'no-such-template' })).status).toBe(404);
    expect((await api.createRollout('providerA', { ...base, targets: { appIds: ['wxnosuchapp'] } })).status).toBe(404);
    expect((await api.createRollout('providerX', base)).status).toBe(404);
    expect((await api.createRollout('providerA', { ...base, policy: { concurrency: 51 } })).status).toBe(400);
    const unknownPlaceholder = await api.createRollout('providerA', {
      ...base,
      extJson: base.extJson.replace('{{sellerId}}', '{{seller}}'),
    });
    expect(unknownPlaceholder.status).toBe(400);
    expect(unknownPlaceholder.body.detail).toContain('seller');

    const invalid = await api.createRollout('providerA', { ...base, authorizerExt: { [appIds[0]!]: { shopId: 's' } } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe('ext_json_invalid');
    expect(invalid.body.detail).toContain(appIds[1]);
    expect(invalid.body.detail).not.toContain(appIds[0]);
    expect(invalid.body.errors[0].message).toContain('{{ext.shopId}}');
    const notJson = await api.createRollout('providerA', { ...base, extJson: '{"extAppid": {{appId}}}' });
    expect(notJson.status).toBe(422);
    expect(notJson.body.errors).toHaveLength(2);

    expect((await api.rollouts('providerA')).body.data).toHaveLength(before);
    const store = sandbox.store(platform.platformId);
    for (const appId of appIds) expect((await store.get<CodeState>(KIND.code, appId))?.experience).toBeUndefined();
    expect((await api.rollout('providerA', 'ro_unknown')).status).toBe(404);
    expect((await api.rolloutAction('providerA', 'ro_unknown', 'pause')).status).toBe(404);
  });
});
