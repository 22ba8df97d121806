/**
 * What a fleet rollout needs around the executor, against the sandbox over HTTP: the sandbox's audit policy
 * (quota, automatic decisions, seeded rejection rate) through the control API for both providers, each
 * platform's policy its own; WeChat gray release as the release step; ext values stored on the authorizer and
 * read by the rollout renderer; the rollout list's pages.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { auditLog, mpAuthorizers } from '@/server/db/schema';
import { advanceRollouts } from '@/server/services/mini-program-rollouts/advance-rollouts';
import { sweepDueAudits } from '@/sandbox/control/audit-policy-control';
import { KIND, type Audit, type CodeState } from '@/sandbox/providerA/component/state';
import { MINI_KINDS, type SandboxMiniVersion } from '@/sandbox/providerB/mini/mini-store';
import type { Provider } from '@/domain/providers';
import { describeEachDatabase } from '../support/databases';
import { createConsoleTeam, trpcFailure as failure } from '../support/console-team';
import { miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { useEnv } from '../support/scoped-env';

const extTemplate = JSON.stringify({
  extEnable: true,
  extAppid: '{{appId}}',
  ext: { seller: '{{sellerId}}', shopId: '{{ext.shopId}}', city: '{{ext.city}}' },
  window: {},
});
const itemList = [{ address: 'pages/index/index', title: '首页', tag: '购物' }];

// Many authorizers per step: a loaded CI machine takes minutes where an idle one takes seconds; a step that outlived
// the test would go on beside the next test and change the sandbox's counts under it.
vi.setConfig({ testTimeout: 180_000 });

describeEachDatabase('rollout fleet controls against the sandbox over HTTP', (database) => {
  // Many calls at once against the in-process sandbox: the tests' 1.5 s default upstream timeout would measure
  // the machine, not the rollout.
  useEnv({ UPSTREAM_TIMEOUT_MS: '15000' });
  const sandbox = useSandboxOverHttp();
  let platform: Awaited<ReturnType<typeof createConsoleTeam>>;
  let other: Awaited<ReturnType<typeof createConsoleTeam>>;
  let api: ReturnType<typeof miniProgramApi>;
  let templateA: string;
  let templateB: string;
  const executor = () => advanceRollouts({ db: database().db, actor: 'test' });
  const policy = (provider: Provider, body?: unknown, key = platform.apiKey) =>
    sandbox.control(key, body === undefined ? 'GET' : 'PUT', `/${provider}/audit-policy`, body);

  beforeAll(async () => {
    platform = await createConsoleTeam(database().db);
    other = await createConsoleTeam(database().db);
    api = miniProgramApi(platform.apiKey);
    for (const team of [platform, other])
      expect((await sandbox.control(team.apiKey, 'POST', '/providerA/ticket')).body).toEqual({ delivered: true });
    templateA = (await api.templates('providerA')).body.templates[0].templateId;
    templateB = (await api.templates('providerB')).body.templates[0].templateId;
    // Room for every submission of this file: the default is WeChat's 20 a month.
    expect((await policy('providerA', { quota: { limit: 1000, rest: 1000 } })).status).toBe(200);
  });

  let sellers = 0;
  async function authorizeApps(n: number, provider: Provider = 'providerA', team = platform) {
    const teamApi = miniProgramApi(team.apiKey);
    const appIds: string[] = [];
    for (let i = 0; i < n; i++) {
      const started = await teamApi.authorize({
        platform: provider,
        redirectUri: 'https://seller.example.com/back',
        tenantId: `seller-${sellers++}`,
      });
      const granted = await sandbox.control(team.apiKey, 'POST', `/${provider}/authorizations`, {
        state: started.body.state,
      });
      const done = await teamApi.callback(
        provider,
        new URL(granted.body!.redirectUrl as string).searchParams.toString(),
      );
      expect(done.status).toBe(200);
      appIds.push(done.body.appId as string);
    }
    return appIds;
  }
  const shops = (appIds: string[]) =>
    Object.fromEntries(appIds.map((id, i) => [id, { shopId: `shop-${i}`, city: '杭州' }]));
  type ItemView = { authorizerAppId: string; state: string; step: string; reason: string | null; auditId: string };
  const itemsOf = async (provider: Provider, id: string): Promise<Record<string, ItemView>> =>
    Object.fromEntries(
      ((await api.rollout(provider, id, '?limit=500')).body.items as ItemView[]).map((i) => [i.authorizerAppId, i]),
    );
  const rollout = (provider: Provider, appIds: string[], userVersion: string, extra: Record<string, unknown> = {}) =>
    api.createRollout(provider, {
      templateId: provider === 'providerA' ? templateA : templateB,
      userVersion,
      extJson: extTemplate,
      authorizerExt: shops(appIds),
      itemList,
      targets: { appIds },
      ...extra,
    });

  it('audit policy: automatic decisions after the duration, exactly rate × N rejected with reviewers’ reasons, settled on read and by the sweep, pushed to the service; another platform’s policy untouched', async () => {
    const before = (await policy('providerA')).body!;
    expect(before).toMatchObject({ provider: 'providerA', durationSeconds: null, rejectRate: 0 });
    const set = await policy('providerA', { durationSeconds: 0, rejectRate: 0.3, seed: 7 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ durationSeconds: 0, rejectRate: 0.3, seed: 7, quota: { limit: 1000 } });
    // Another platform's namespace keeps the defaults.
    expect((await policy('providerA', undefined, other.apiKey)).body).toMatchObject({
      durationSeconds: null,
      rejectRate: 0,
      quota: { limit: 20 },
    });

    const appIds = await authorizeApps(10);
    const created = await rollout('providerA', appIds, '1.0.0');
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    await executor();
    let items = await itemsOf('providerA', id);
    expect(Object.values(items).every((i) => i.step === 'await_audit')).toBe(true);

    // One audit is read by the service (its audit-status call): it is decided then, and its push arrives.
    const first = items[appIds[0]!]!;
    const status = await api.auditStatus('providerA', first.auditId, appIds[0]!);
    expect(status.status).toBe(200);
    expect(['approved', 'rejected']).toContain(status.body.status);
    // The rest by the sweep (the scheduled job's one pass), each pushed like a reviewer's decision.
    const swept = await sweepDueAudits();
    expect(swept.settled).toBe(9);
    expect((await sweepDueAudits()).settled).toBe(0);
    await executor();
    const view = await api.rollout('providerA', id);
    expect(view.body.state).toBe('completed');
    // 30 % of 10, exactly: the seeded sequence rejects floor or ceil of rate × N, here 3.
    expect(view.body.counts.byState).toEqual({ succeeded: 7, failed: 3 });
    items = await itemsOf('providerA', id);
    for (const item of Object.values(items).filter((i) => i.state === 'failed')) expect(item.reason).toMatch(/小程序/);
    const audits = (await sandbox.store(platform.platformId).list<Audit>(KIND.audit)).filter((a) =>
      appIds.includes(a.appId),
    );
    expect(audits.map((a) => a.status).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);

    // Another platform's audits are untouched by A's policy: they wait for a reviewer.
    const theirs = await authorizeApps(1, 'providerA', other);
    const otherApi = miniProgramApi(other.apiKey);
    expect(
      (
        await otherApi.createRollout('providerA', {
          templateId: templateA,
          userVersion: '1.0.0',
          extJson: extTemplate,
          authorizerExt: shops(theirs),
          itemList,
          targets: { appIds: theirs },
        })
      ).status,
    ).toBe(200);
    await executor();
    expect((await sweepDueAudits()).settled).toBe(0);
    const pending = await sandbox.store(other.platformId).list<Audit>(KIND.audit);
    expect(pending.map((a) => a.status)).toEqual([2]);

    // A duration in the future: nothing is decided on read or by the sweep yet.
    await policy('providerA', { durationSeconds: 3600, rejectRate: 0 });
    const later = await authorizeApps(1);
    const laterRollout = await rollout('providerA', later, '1.0.0');
    await executor();
    const laterItem = (await itemsOf('providerA', laterRollout.body.id))[later[0]!]!;
    expect((await api.auditStatus('providerA', laterItem.auditId, later[0]!)).body.status).toBe('pending');
    expect((await sweepDueAudits()).settled).toBe(0);
    await policy('providerA', { durationSeconds: null });
  });

  it('audit quota through the control API: never exceeded by concurrent submits, 85085 and the rollout waits; providerB’s per-template daily limit likewise; bad input is a 400 that changes nothing', async () => {
    const set = await policy('providerA', { quota: { rest: 2, speedupLimit: 10, speedupRest: 3 } });
    expect(set.body).toMatchObject({ quota: { limit: 1000, rest: 2, speedupLimit: 10, speedupRest: 3 } });
    // Four submissions at once against two left: exactly two pass, the others get 85085 and wait.
    const appIds = await authorizeApps(4);
    const created = await rollout('providerA', appIds, '2.0.0', { policy: { concurrency: 4 } });
    await Promise.all([executor(), executor()]);
    const items = Object.values(await itemsOf('providerA', created.body.id));
    expect(items.map((i) => `${i.step}/${i.state}`).sort()).toEqual([
      'await_audit/waiting',
      'await_audit/waiting',
      'submit_audit/waiting',
      'submit_audit/waiting',
    ]);
    for (const waiting of items.filter((i) => i.step === 'submit_audit')) expect(waiting.reason).toContain('85085');
    expect((await policy('providerA')).body).toMatchObject({ quota: { rest: 0 } });
    expect((await policy('providerA', { quota: { rest: 500 } })).body).toMatchObject({ quota: { rest: 500 } });

    const before = (await policy('providerA')).body;
    for (const [body, pointer] of [
      [{ rejectRate: 1.5 }, 'rejectRate'],
      [{ durationSeconds: -1 }, 'durationSeconds'],
      [{ quota: { rest: 5000 } }, 'rest'],
      [{ quota: { speedupRest: 11 } }, 'speedupRest'],
      [{ seed: 1.5 }, 'seed'],
      [{ unknown: 1 }, 'unknown'],
    ] as const) {
      const refused = await policy('providerA', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(pointer);
    }
    const providerBRest = await policy('providerB', { quota: { rest: 1 } });
    expect(providerBRest.status).toBe(400);
    expect(providerBRest.body!.detail).toContain('per template and day');
    expect((await sandbox.control(platform.apiKey, 'GET', '/providerX/audit-policy')).status).toBe(404);
    expect((await policy('providerA')).body).toEqual(before);

    // Alipay: an ordinary template's mini programs are submitted for at most N a day; the second waits.
    expect((await policy('providerB', { quota: { limit: 1 } })).body).toMatchObject({ quota: { limit: 1 } });
    const alipay = await authorizeApps(2, 'providerB');
    const alipayRollout = await rollout('providerB', alipay, '0.3.0');
    await executor();
    const states = Object.values(await itemsOf('providerB', alipayRollout.body.id));
    expect(states.map((i) => `${i.step}/${i.state}`).sort()).toEqual(['await_audit/waiting', 'submit_audit/waiting']);
    expect(states.find((i) => i.step === 'submit_audit')!.reason).toContain('MINI_APP_AUDIT_APPLY_LIMITED');
    await policy('providerB', { quota: { limit: null } });
    // Neither waiting rollout may go on in the next tests' executor passes.
    for (const [provider, id] of [
      ['providerA', created.body.id],
      ['providerB', alipayRollout.body.id],
    ] as const)
      expect((await api.rolloutAction(provider, id, 'cancel')).status).toBe(200);
  });

  it('tokens expiring upstream in the middle of a rollout are refreshed: every step goes on, and each upstream call that changes a mini program is made once', async () => {
    const appIds = await authorizeApps(4);
    const created = await rollout('providerA', appIds, '4.0.0', { policy: { concurrency: 2 } });
    expect(created.status).toBe(200);
    const tokens = async () =>
      (
        await database()
          .db.select({ appId: mpAuthorizers.appId, token: mpAuthorizers.accessTokenEnc })
          .from(mpAuthorizers)
          .where(inArray(mpAuthorizers.appId, appIds))
      )
        .sort((a, b) => a.appId.localeCompare(b.appId))
        .map((row) => row.token);
    const first = await tokens();
    // The component's and the authorizers' tokens die upstream after the start, before any step.
    expect((await sandbox.control(platform.apiKey, 'POST', '/providerA/tokens/expire', {})).status).toBe(200);
    await executor();
    let items = await itemsOf('providerA', created.body.id);
    expect(Object.values(items).map((i) => i.step)).toEqual(Array(4).fill('await_audit'));
    // Each authorizer's token was refreshed (the service stores the new one), not merely still accepted.
    const second = await tokens();
    second.forEach((token, i) => expect(token).not.toBe(first[i]));
    // And again while the audits run: the release step refreshes once more.
    expect((await sandbox.control(platform.apiKey, 'POST', '/providerA/tokens/expire', {})).status).toBe(200);
    for (const appId of appIds)
      expect(
        (
          await sandbox.control(platform.apiKey, 'POST', `/providerA/audits/${items[appId]!.auditId}`, {
            decision: 'approve',
          })
        ).status,
      ).toBe(200);
    await executor();
    const view = await api.rollout('providerA', created.body.id);
    expect(view.body).toMatchObject({ state: 'completed', counts: { byState: { succeeded: 4 } } });
    (await tokens()).forEach((token, i) => expect(token).not.toBe(second[i]));
    items = await itemsOf('providerA', created.body.id);
    expect(Object.values(items).every((i) => i.reason === null)).toBe(true);
    // A call refused for its expired token changed nothing and is not in the ledger; the rest are there once each.
    const ledger = (await sandbox.control(platform.apiKey, 'GET', '/providerA/calls')).body!.data as {
      appId: string;
      api: string;
      count: number;
    }[];
    const mine = ledger.filter((row) => appIds.includes(row.appId));
    expect(mine.map((row) => `${row.api}×${row.count}`).sort()).toEqual(
      ['/wxa/commit×1', '/wxa/release×1', '/wxa/submit_audit×1'].flatMap((c) => Array(4).fill(c)).sort(),
    );
  });

  it('providerB automatic decisions: settled by the sweep and on the service’s read, pushed as Alipay messages, released', async () => {
    await policy('providerB', { durationSeconds: 0, rejectRate: 0.5, seed: 3, quota: { limit: null } });
    const appIds = await authorizeApps(4, 'providerB');
    const created = await rollout('providerB', appIds, '0.4.0');
    const id = created.body.id as string;
    await executor();
    const items = await itemsOf('providerB', id);
    // One read by the service settles that one; the sweep the other three.
    const firstAudit = items[appIds[0]!]!.auditId;
    expect(['approved', 'rejected']).toContain(
      (await api.auditStatus('providerB', firstAudit, appIds[0]!)).body.status,
    );
    expect((await sweepDueAudits()).settled).toBe(3);
    await executor();
    const view = await api.rollout('providerB', id);
    expect(view.body).toMatchObject({ state: 'completed', counts: { byState: { succeeded: 2, failed: 2 } } });
    const versions = (await sandbox.store(platform.platformId).list<SandboxMiniVersion>(MINI_KINDS.version)).filter(
      (v) => appIds.includes(v.auth_app_id),
    );
    expect(versions.map((v) => v.status).sort()).toEqual(['AUDIT_REJECT', 'AUDIT_REJECT', 'RELEASE', 'RELEASE']);
    await policy('providerB', { durationSeconds: null, rejectRate: 0 });
  });

  it('gray release: the release step of a rollout with policy.grayPercentage is a WeChat phased release; refused where the upstream refuses it and for providerB', async () => {
    await policy('providerA', { durationSeconds: 0, rejectRate: 0 });
    const [online, fresh] = await authorizeApps(2);
    // A first version online, released fully.
    await rollout('providerA', [online!], '3.0.0');
    await executor();
    await sweepDueAudits();
    await executor();
    const store = sandbox.store(platform.platformId);
    expect((await store.get<CodeState>(KIND.code, online!))!.online?.userVersion).toBe('3.0.0');

    const gray = await rollout('providerA', [online!, fresh!], '3.1.0', {
      policy: { release: 'auto', grayPercentage: 10 },
    });
    expect(gray.status).toBe(200);
    expect(gray.body.policy).toMatchObject({ grayPercentage: 10 });
    await executor();
    await sweepDueAudits();
    await executor();
    const items = await itemsOf('providerA', gray.body.id);
    expect(items[online!]).toMatchObject({ state: 'succeeded', step: 'done', reason: 'gray release to 10% of users' });
    const code = (await store.get<CodeState>(KIND.code, online!))!;
    expect(code.gray).toMatchObject({ status: 1, grayPercentage: 10 });
    // The version online for the others stays 3.0.0 while 10 % get 3.1.0.
    expect(code.online?.userVersion).toBe('3.0.0');
    // WeChat refuses a phased release of a mini program with nothing online yet (85079).
    expect(items[fresh!]).toMatchObject({ state: 'failed', step: 'release' });
    expect(items[fresh!]!.reason).toContain('85079');
    // No rollback while a phased release runs (87011).
    const rollback = await api.rollback('providerA', online!);
    expect(rollback.status).toBe(409);
    expect(JSON.stringify(rollback.body)).toContain('87011');

    const base = { templateId: templateA, userVersion: '3.2.0', extJson: extTemplate, targets: { appIds: [fresh] } };
    for (const body of [
      { ...base, authorizerExt: shops([fresh!]), policy: { grayPercentage: 0 } },
      { ...base, authorizerExt: shops([fresh!]), policy: { grayPercentage: 101 } },
      { ...base, authorizerExt: shops([fresh!]), policy: { release: 'hold', grayPercentage: 10 } },
    ]) {
      const refused = await api.createRollout('providerA', body);
      expect(refused.status, JSON.stringify(body.policy)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('grayPercentage');
    }
    const [alipay] = await authorizeApps(1, 'providerB');
    const providerB = await rollout('providerB', [alipay!], '0.5.0', { policy: { grayPercentage: 10 } });
    expect(providerB.status).toBe(400);
    expect(providerB.body.detail).toContain('providerB has none');
    await policy('providerA', { durationSeconds: null });
  });

  it('ext values stored on the authorizer: PATCH merges and validates, GET returns them, rollouts render them with the request overriding per key; another platform’s app is 404', async () => {
    const [appId, second] = await authorizeApps(2);
    const patched = await api.updateAuthorizer(appId!, { ext: { shopId: 'stored-shop', city: '上海', gone: 'x' } });
    expect(patched.status).toBe(200);
    expect(patched.body.ext).toEqual({ shopId: 'stored-shop', city: '上海', gone: 'x' });
    expect((await api.updateAuthorizer(appId!, { ext: { gone: null } })).body.ext).toEqual({
      shopId: 'stored-shop',
      city: '上海',
    });
    expect((await api.authorizer(appId!)).body.ext).toEqual({ shopId: 'stored-shop', city: '上海' });
    const [entry] = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.platformId, platform.platformId), eq(auditLog.action, 'mini_program.authorizer.update')))
      .limit(1);
    // The log names the keys, never the values.
    expect(JSON.stringify(entry!.details)).not.toContain('stored-shop');

    const tooMany = Object.fromEntries(Array.from({ length: 49 }, (_, i) => [`k${i}`, 'v']));
    for (const [body, words] of [
      [{ ext: { 'bad key': 'v' } }, '/ext/bad key'],
      [{ ext: { shopId: 'x'.repeat(257) } }, '256'],
      [{ ext: { shopId: 5 } }, 'ext'],
      [{ ext: tooMany }, 'at most 50'],
      [{ other: 1 }, 'other'],
      [{}, 'ext'],
    ] as const) {
      const refused = await api.updateAuthorizer(appId!, body);
      expect(refused.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(words);
    }
    expect((await api.authorizer(appId!)).body.ext).toEqual({ shopId: 'stored-shop', city: '上海' });
    // Another platform's app is the same 404 as an unknown one, and nothing changes.
    const otherApi = miniProgramApi(other.apiKey);
    expect((await otherApi.updateAuthorizer(appId!, { ext: { shopId: 'theirs' } })).status).toBe(404);
    expect((await api.updateAuthorizer('wxunknownapp0000', { ext: { shopId: 'x' } })).status).toBe(404);

    // The console: operators set them; viewers cannot.
    const { platformId } = platform;
    expect(
      (
        await platform
          .as('operator')
          .miniPrograms.updateAuthorizer({ platformId, appId: second!, ext: { shopId: 's2' } })
      ).ext,
    ).toEqual({ shopId: 's2' });
    expect(
      await failure(platform.as('viewer').miniPrograms.updateAuthorizer({ platformId, appId: second!, ext: {} })),
    ).toMatchObject({ code: 'FORBIDDEN' });

    // Rendering: stored values; the request's authorizerExt overrides key by key; a key neither has → 422.
    const created = await api.createRollout('providerA', {
      templateId: templateA,
      userVersion: '4.0.0',
      extJson: extTemplate,
      authorizerExt: { [appId!]: { city: '广州' } },
      targets: { appIds: [appId, second] },
      policy: { mode: 'commit_only' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(422);
    expect(created.body.detail).toContain(second);
    expect(created.body.detail).not.toContain(appId);
    const ok = await api.createRollout('providerA', {
      templateId: templateA,
      userVersion: '4.0.0',
      extJson: extTemplate,
      authorizerExt: { [appId!]: { city: '广州' } },
      targets: { appIds: [appId] },
      policy: { mode: 'commit_only' },
    });
    expect(ok.status).toBe(200);
    await executor();
    const code = await sandbox.store(platform.platformId).get<CodeState>(KIND.code, appId!);
    expect(JSON.parse(code!.experience!.extJson).ext).toMatchObject({ shopId: 'stored-shop', city: '广州' });
  });

  it('the rollout list pages with limit and cursor (REST and tRPC), and refuses a cursor it did not give', async () => {
    const appIds = await authorizeApps(3);
    const made: string[] = [];
    for (const appId of appIds) {
      const created = await rollout('providerA', [appId], '5.0.0', { policy: { mode: 'commit_only' } });
      made.push(created.body.id as string);
    }
    const seen: string[] = [];
    let query = '?limit=2';
    for (;;) {
      const page = await api.rollouts('providerA', query);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((r: { id: string }) => r.id));
      if (!page.body.hasMore) {
        expect(page.body.nextCursor).toBeNull();
        break;
      }
      query = `?limit=2&cursor=${encodeURIComponent(page.body.nextCursor)}`;
    }
    expect(new Set(seen).size).toBe(seen.length);
    // Newest first: the three just made lead, in reverse order of creation.
    expect(seen.slice(0, 3)).toEqual([...made].reverse());
    const all = (await api.rollouts('providerA', '?limit=100')).body;
    expect(all.data.map((r: { id: string }) => r.id)).toEqual(seen);
    expect((await api.rollouts('providerA', '?cursor=not-a-cursor')).status).toBe(400);
    expect((await api.rollouts('providerA', '?limit=0')).status).toBe(400);

    const { platformId } = platform;
    const first = await platform.as('viewer').miniProgramRollouts.list({ platformId, platform: 'providerA', limit: 1 });
    expect(first).toMatchObject({ hasMore: true, data: [{ id: made[2] }] });
    const next = await platform
      .as('viewer')
      .miniProgramRollouts.list({ platformId, platform: 'providerA', limit: 1, cursor: first.nextCursor! });
    expect(next.data.map((r) => r.id)).toEqual([made[1]]);
  });
});
