import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { miniProgramRolloutItems, mpAudits, mpCommits } from '@/server/db/schema';
import { advanceRollouts } from '@/server/services/mini-program-rollouts/advance-rollouts';
import { describeEachDatabase } from '../support/databases';
import { createConsoleTeam } from '../support/console-team';
import { authorizeMiniProgram, miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { useEnv } from '../support/scoped-env';
import type { Provider } from '@/domain/providers';

const extJson = JSON.stringify({ extEnable: true, extAppid: '{{appId}}', ext: { seller: '{{sellerId}}' }, window: {} });
const itemList = [{ address: 'pages/index/index', title: '首页', tag: '购物' }];
const UPLOAD = 'alipay.open.mini.version.upload';
const APPLY = 'alipay.open.mini.version.audit.apply';
const ONLINE = 'alipay.open.mini.version.online';

describeEachDatabase('providerB (Alipay) rollouts: each step sent once, as the sandbox counts it', (database) => {
  // Many calls at once against the in-process sandbox: the tests' 1.5 s default upstream timeout would measure
  // the machine, not the rollout.
  useEnv({ UPSTREAM_TIMEOUT_MS: '15000' });
  const sandbox = useSandboxOverHttp();
  let platform: Awaited<ReturnType<typeof createConsoleTeam>>;
  let api: ReturnType<typeof miniProgramApi>;
  let templateId: string;
  const executor = () => advanceRollouts({ db: database().db, actor: 'test' });
  const control = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    sandbox.control(platform.apiKey, method, path, body);

  beforeAll(async () => {
    platform = await createConsoleTeam(database().db);
    api = miniProgramApi(platform.apiKey);
    expect((await control('POST', '/providerA/ticket')).body).toEqual({ delivered: true });
    templateId = (await api.templates('providerB')).body.templates[0].templateId as string;
  });

  async function authorizeApps(n: number, prefix: string, provider: Provider = 'providerB') {
    const appIds: string[] = [];
    for (let i = 0; i < n; i++)
      appIds.push((await authorizeMiniProgram(api, control, provider, `${prefix}-${i}`)).appId);
    return appIds;
  }

  /** The sandbox's ledger, as a checker in another process reads it: calls per authorizer of one API. */
  async function ledger(api: string, appIds: string[]) {
    const answer = await control('GET', '/providerB/calls');
    expect(answer.status).toBe(200);
    const rows = answer.body!.data as { appId: string; api: string; count: number }[];
    return Object.fromEntries(appIds.map((id) => [id, rows.find((r) => r.appId === id && r.api === api)?.count ?? 0]));
  }
  const each = (appIds: string[], count: number) => Object.fromEntries(appIds.map((id) => [id, count]));

  type ItemView = { authorizerAppId: string; state: string; step: string; reason: string | null; auditId: string };
  const itemsOf = async (id: string): Promise<Record<string, ItemView>> =>
    Object.fromEntries(
      ((await api.rollout('providerB', id)).body.items as ItemView[]).map((i) => [i.authorizerAppId, i]),
    );

  async function startRollout(appIds: string[], userVersion: string, concurrency: number) {
    const created = await api.createRollout('providerB', {
      templateId,
      userVersion,
      extJson,
      itemList,
      targets: { appIds },
      policy: { mode: 'submit_audit', release: 'auto', concurrency },
    });
    expect(created.status).toBe(200);
    return created.body.id as string;
  }

  /** What a SIGKILL after the upstream call got through leaves: the item claimed at `step`, its lease run out. */
  const leaveCrashedClaims = (rolloutId: string, appIds: string[], patch: Record<string, unknown>) =>
    database()
      .db.update(miniProgramRolloutItems)
      .set({ state: 'running', leaseUntil: sql`now() - interval '1 second'`, notBefore: null, ...patch })
      .where(and(eq(miniProgramRolloutItems.rolloutId, rolloutId), sql`${miniProgramRolloutItems.appId} in ${appIds}`));

  it('eight authorizers through two crashes, two executors and a revocation: one upload and one audit.apply each, the revoked one skipped with Alipay’s words', async () => {
    const appIds = await authorizeApps(8, 'seller-b-crash');
    const revoked = appIds[7]!;
    const kept = appIds.slice(0, 7);
    // Audit submissions do not get through: every item stops after its upload, waiting to submit.
    const fault = await control('PUT', '/faults', [
      { provider: 'providerB', match: 'version.audit.apply', status: 503 },
    ]);
    expect(fault.status).toBe(200);
    const id = await startRollout(appIds, '1.0.0', 4);
    await executor();
    expect((await api.rollout('providerB', id)).body.counts.byStep).toEqual({ submit_audit: 8 });
    expect(await ledger(UPLOAD, appIds)).toEqual(each(appIds, 1));
    expect(await ledger(APPLY, appIds)).toEqual(each(appIds, 0));
    expect((await control('DELETE', '/faults')).status).toBe(204);

    // Crash 1: the uploads arrived, the instance died before recording any (no commit rows, items still at commit).
    await database()
      .db.delete(mpCommits)
      .where(and(eq(mpCommits.platformId, platform.platformId), eq(mpCommits.userVersion, '1.0.0')));
    await leaveCrashedClaims(id, appIds, { step: 'commit', attempts: 1, submitIntentAt: null });
    // Meanwhile one seller cancels its authorization upstream; Alipay tells the service nothing.
    const revocation = await control('DELETE', `/providerB/authorizations/${revoked}`);
    expect(revocation).toEqual({ status: 200, body: { authorizerAppId: revoked, status: 'unauthorized' } });

    // Two instances at once take the claims over: each looks for its upload first and adopts it.
    await Promise.all([executor(), executor()]);
    expect(await ledger(UPLOAD, appIds)).toEqual(each(appIds, 1));
    expect(await ledger(APPLY, appIds)).toEqual({ ...each(kept, 1), [revoked]: 0 });
    let items = await itemsOf(id);
    for (const appId of kept)
      expect(items[appId]).toMatchObject({ step: 'await_audit', state: 'waiting', auditId: `${appId}:1.0.0` });
    expect(items[revoked]).toMatchObject({ step: 'commit', state: 'skipped' });
    expect(items[revoked]!.reason).toMatch(/^unauthorized: /);
    expect(items[revoked]!.reason).toContain('aop.invalid-app-auth-token');
    expect((await api.authorizer(revoked)).body).toMatchObject({ status: 'unauthorized' });

    // Crash 2: the audit submissions arrived, the instance died before submit-audit recorded them.
    await database()
      .db.delete(mpAudits)
      .where(and(eq(mpAudits.platformId, platform.platformId), eq(mpAudits.userVersion, '1.0.0')));
    await leaveCrashedClaims(id, kept, {
      step: 'submit_audit',
      auditId: null,
      submitIntentAt: sql`now() - interval '2 seconds'`,
    });
    await Promise.all([executor(), executor()]);
    expect(await ledger(APPLY, appIds)).toEqual({ ...each(kept, 1), [revoked]: 0 });
    items = await itemsOf(id);
    for (const appId of kept) {
      expect(items[appId]).toMatchObject({ step: 'await_audit', state: 'waiting', auditId: `${appId}:1.0.0` });
      const [audit] = await database()
        .db.select()
        .from(mpAudits)
        .where(eq(mpAudits.auditId, `${appId}:1.0.0`));
      expect(audit).toMatchObject({ status: 'pending', userVersion: '1.0.0' });
    }

    // Approved: each released once, and the rollout completes.
    for (const appId of kept) {
      const decided = await control('POST', `/providerB/audits/${encodeURIComponent(`${appId}:1.0.0`)}`, {
        decision: 'approve',
      });
      expect(decided.status).toBe(200);
    }
    await executor();
    expect(await ledger(ONLINE, appIds)).toEqual({ ...each(kept, 1), [revoked]: 0 });
    expect(await ledger(UPLOAD, appIds)).toEqual(each(appIds, 1));
    expect((await api.rollout('providerB', id)).body).toMatchObject({
      state: 'completed',
      counts: { byState: { succeeded: 7, skipped: 1 } },
    });
    const narrowed = await control('GET', `/providerB/calls?appId=${revoked}`);
    expect(narrowed.body!.data).toEqual([{ appId: revoked, api: UPLOAD, count: 1 }]);
  });

  it('two executors at once on a fresh rollout: one upload and one audit.apply per authorizer', async () => {
    const appIds = await authorizeApps(4, 'seller-b-twice');
    const id = await startRollout(appIds, '1.0.0', 2);
    await Promise.all([executor(), executor()]);
    expect(await ledger(UPLOAD, appIds)).toEqual(each(appIds, 1));
    expect(await ledger(APPLY, appIds)).toEqual(each(appIds, 1));
    expect((await api.rollout('providerB', id)).body.counts).toEqual({
      byStep: { await_audit: 4 },
      byState: { waiting: 4 },
    });
  });

  it('the revoke control: WeChat pushes the revocation to the service; unknown apps 404, another provider 400', async () => {
    const [wechatApp] = await authorizeApps(1, 'seller-a-revoke', 'providerA');
    const revoked = await control('DELETE', `/providerA/authorizations/${wechatApp}`);
    expect(revoked).toEqual({ status: 200, body: { authorizerAppId: wechatApp, status: 'unauthorized' } });
    expect((await api.authorizer(wechatApp!)).body).toMatchObject({ status: 'unauthorized' });
    expect((await control('DELETE', `/providerA/authorizations/${wechatApp}`)).status).toBe(404);
    expect((await control('DELETE', '/providerA/authorizations/wx0000000000000000')).status).toBe(404);
    // An Alipay app id is no WeChat authorizer, and another platform's app is as unknown as a missing one.
    const [alipayApp] = await authorizeApps(1, 'seller-b-revoke');
    expect((await control('DELETE', `/providerA/authorizations/${alipayApp}`)).status).toBe(404);
    const other = await createConsoleTeam(database().db);
    expect((await sandbox.control(other.apiKey, 'DELETE', `/providerB/authorizations/${alipayApp}`)).status).toBe(404);
    // An unknown provider is a 404, as on every sibling control route.
    expect((await control('DELETE', `/providerX/authorizations/${alipayApp}`)).status).toBe(404);
    expect((await api.authorizer(alipayApp!)).body).toMatchObject({ status: 'authorized' });
  });
});
