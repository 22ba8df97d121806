import { beforeAll, expect, it } from 'vitest';
import { advanceRollouts } from '@/server/services/mini-program-rollouts/advance-rollouts';
import { describeEachDatabase } from '../support/databases';
import { createConsoleTeam, trpcFailure as failure } from '../support/console-team';
import { authorizeMiniProgram, commitAndSubmitAudit, miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { useEnv } from '../support/scoped-env';

// The console's two reads for rollouts: the start form's preview (count and rendered ext JSON) and an
// authorizer's version history (体验版 / 审核版 / 线上版 over time).
const extTemplate = JSON.stringify({
  extEnable: true,
  extAppid: '{{appId}}',
  ext: { seller: '{{sellerId}}', shopId: '{{ext.shopId}}' },
  window: {},
});

describeEachDatabase('the console’s rollout preview and version history', (database) => {
  // Many calls at once against the in-process sandbox: the tests' 1.5 s default upstream timeout would measure
  // the machine, not the rollout.
  useEnv({ UPSTREAM_TIMEOUT_MS: '15000' });
  const sandbox = useSandboxOverHttp();
  let team: Awaited<ReturnType<typeof createConsoleTeam>>;
  let api: ReturnType<typeof miniProgramApi>;
  const appIds: string[] = [];
  let prefix = '';

  beforeAll(async () => {
    team = await createConsoleTeam(database().db);
    api = miniProgramApi(team.apiKey);
    expect((await sandbox.control(team.apiKey, 'POST', '/providerA/ticket')).body).toEqual({ delivered: true });
    prefix = `console-${Date.now()}`;
    const control = (method: 'POST', path: string, body?: unknown) => sandbox.control(team.apiKey, method, path, body);
    for (let i = 0; i < 3; i++)
      appIds.push((await authorizeMiniProgram(api, control, 'providerA', `${prefix}-${i}`)).appId);
  });

  const decide = async (auditId: string, decision: 'approve' | 'reject', reason?: string) =>
    expect(
      (
        await sandbox.control(team.apiKey, 'POST', `/providerA/audits/${encodeURIComponent(auditId)}`, {
          decision,
          ...(reason ? { reason } : {}),
        })
      ).status,
    ).toBe(200);

  it('preview counts the targets as create would, renders one authorizer’s ext JSON, and names those that would not render; admins only', async () => {
    const base = { platformId: team.platformId, platform: 'providerA' as const, extJson: extTemplate };
    const shops = { [appIds[0]!]: { shopId: 'shop-0' }, [appIds[1]!]: { shopId: 'shop-1' } };
    const bySeller = await team.as('admin').miniProgramRollouts.preview({
      ...base,
      authorizerExt: shops,
      targets: { sellerIds: [`${prefix}-0`, `${prefix}-1`, 'no-such-seller'] },
      previewAppId: appIds[1],
    });
    expect(bySeller).toEqual({
      matched: 2,
      unknownAppIds: [],
      unknownPlaceholders: [],
      invalidCount: 0,
      invalid: [],
      preview: { appId: appIds[1], sellerId: `${prefix}-1`, extJson: expect.any(String), error: null },
    });
    expect(JSON.parse(bySeller.preview!.extJson!)).toEqual({
      extEnable: true,
      extAppid: appIds[1],
      ext: { seller: `${prefix}-1`, shopId: 'shop-1' },
      window: {},
    });

    // The third has no shopId: create would answer 422 naming it; the preview names it first.
    const byApp = await team.as('admin').miniProgramRollouts.preview({
      ...base,
      authorizerExt: shops,
      targets: { appIds: [...appIds, 'wxnosuchapp'] },
      previewAppId: appIds[2],
    });
    expect(byApp).toMatchObject({
      matched: 3,
      unknownAppIds: ['wxnosuchapp'],
      invalidCount: 1,
      invalid: [{ appId: appIds[2], error: 'no value for {{ext.shopId}}' }],
      preview: { appId: appIds[2], extJson: null, error: 'no value for {{ext.shopId}}' },
    });
    const placeholder = await team.as('admin').miniProgramRollouts.preview({
      ...base,
      extJson: extTemplate.replace('{{sellerId}}', '{{seller}}'),
      targets: { all: true },
    });
    expect(placeholder).toMatchObject({ matched: 3, unknownPlaceholders: ['seller'], invalidCount: 0, preview: null });

    for (const role of ['operator', 'viewer'] as const)
      expect(
        await failure(team.as(role).miniProgramRollouts.preview({ ...base, targets: { all: true } })),
      ).toMatchObject({ code: 'FORBIDDEN' });
    // Another platform's admin sees none of these authorizers.
    const other = await createConsoleTeam(database().db);
    expect(
      await other
        .as('admin')
        .miniProgramRollouts.preview({ ...base, platformId: other.platformId, targets: { appIds: [appIds[0]!] } }),
    ).toMatchObject({ matched: 0, unknownAppIds: [appIds[0]], preview: null });
  });

  it('version history: commits, audits and their decisions, releases and a rollback, newest first, with the rollout that shipped a version', async () => {
    const appId = appIds[0]!;
    const history = (as: 'viewer' | 'admin' = 'viewer') =>
      team
        .as(as)
        .miniPrograms.versionHistory({ platformId: team.platformId, platform: 'providerA', authorizerAppId: appId });
    expect(await history()).toEqual({ trial: null, audit: null, live: null, events: [] });

    const first = await commitAndSubmitAudit(api, appId, '1.0.0');
    await decide(first, 'approve');
    expect((await api.release('providerA', appId)).status).toBe(200);
    const rejected = await commitAndSubmitAudit(api, appId, '1.1.0');
    await decide(rejected, 'reject', '页面内容不完整');

    // 1.2.0 comes through a rollout: committed, submitted, approved and released by the executor.
    const { templateId } = (await api.templates('providerA')).body.templates[0];
    const rollout = await team.as('admin').miniProgramRollouts.create({
      platformId: team.platformId,
      platform: 'providerA',
      templateId,
      userVersion: '1.2.0',
      extJson: extTemplate,
      authorizerExt: { [appId]: { shopId: 'shop-0' } },
      itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
      targets: { appIds: [appId] },
    });
    const executor = () => advanceRollouts({ db: database().db, actor: 'test' });
    await executor();
    const target = { platformId: team.platformId, platform: 'providerA' as const, rolloutId: rollout.id };
    const item = (await team.as('viewer').miniProgramRollouts.get(target)).items[0]!;
    expect(item).toMatchObject({ step: 'await_audit', state: 'waiting' });
    await decide(item.auditId!, 'approve');
    await executor();
    expect((await team.as('viewer').miniProgramRollouts.get(target)).state).toBe('completed');

    let seen = await history();
    expect(seen.trial?.userVersion).toBe('1.2.0');
    expect(seen.audit).toMatchObject({ userVersion: '1.2.0', status: 'approved' });
    expect(seen.live?.userVersion).toBe('1.2.0');
    expect(seen.events.map((e) => `${e.kind} ${e.userVersion}`)).toEqual([
      'released 1.2.0',
      'approved 1.2.0',
      'submitted 1.2.0',
      'committed 1.2.0',
      'rejected 1.1.0',
      'submitted 1.1.0',
      'committed 1.1.0',
      'released 1.0.0',
      'approved 1.0.0',
      'submitted 1.0.0',
      'committed 1.0.0',
    ]);
    expect(seen.events.find((e) => e.kind === 'rejected')).toMatchObject({
      reason: expect.stringContaining('页面内容不完整'),
    });
    expect(seen.events.filter((e) => e.userVersion === '1.2.0').map((e) => e.rolloutId)).toEqual(
      Array(4).fill(rollout.id),
    );
    expect(seen.events.filter((e) => e.userVersion !== '1.2.0').every((e) => e.rolloutId === undefined)).toBe(true);

    // Rolling back makes 1.0.0 live again; the history says which version came back.
    expect((await api.rollback('providerA', appId)).status).toBe(200);
    seen = await history();
    expect(seen.live?.userVersion).toBe('1.0.0');
    expect(seen.events[0]).toMatchObject({ kind: 'rolled_back', userVersion: '1.2.0', liveAgain: '1.0.0' });

    // Another platform's admin: the authorizer is not theirs.
    const other = await createConsoleTeam(database().db);
    expect(
      await failure(
        other.as('admin').miniPrograms.versionHistory({
          platformId: other.platformId,
          platform: 'providerA',
          authorizerAppId: appId,
        }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });
});
