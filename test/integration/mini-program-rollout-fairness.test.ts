import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { miniProgramRolloutItems, miniProgramRollouts, outbox } from '@/server/db/schema';
import { advanceRollouts } from '@/server/services/mini-program-rollouts/advance-rollouts';
import { kickRollout } from '@/server/services/mini-program-rollouts/rollout-queue';
import { startJobs } from '@/server/jobs/start-jobs';
import '@/server/jobs/all-jobs';
import { describeEachDatabase } from '../support/databases';
import { createConsoleTeam } from '../support/console-team';
import { authorizeMiniProgram, extJsonFor, miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { useEnv } from '../support/scoped-env';
import { until } from '../support/webhook-receiver';

const itemList = [{ address: 'pages/index/index', title: '首页', tag: '购物' }];

/**
 * Fairness between platforms' rollouts (docs/mini-program-rollouts.md, "Fairness"), and the back-off from an
 * upstream call quota. Counts and order only: no timing.
 */
describeEachDatabase('mini-program rollouts share the instance fairly', (database) => {
  // Many calls at once against the in-process sandbox: the tests' 1.5 s default upstream timeout would measure
  // the machine, not the rollout.
  useEnv({ UPSTREAM_TIMEOUT_MS: '15000' });
  const sandbox = useSandboxOverHttp();
  type Team = { apiKey: string; platformId: string; api: ReturnType<typeof miniProgramApi>; templateId: string };
  let a: Team;
  let b: Team;

  async function team(): Promise<Team> {
    const created = await createConsoleTeam(database().db);
    const api = miniProgramApi(created.apiKey);
    expect((await sandbox.control(created.apiKey, 'POST', '/providerA/ticket')).body).toEqual({ delivered: true });
    const templateId = (await api.templates('providerA')).body.templates[0].templateId as string;
    return { apiKey: created.apiKey, platformId: created.platformId, api, templateId };
  }

  beforeAll(async () => {
    a = await team();
    b = await team();
  });

  async function authorize(t: Team, n: number, prefix: string) {
    const appIds: string[] = [];
    for (let i = 0; i < n; i++)
      appIds.push(
        (await authorizeMiniProgram(t.api, sandbox.controlAs(t.apiKey), 'providerA', `${prefix}-${i}`)).appId,
      );
    return appIds;
  }

  const start = async (t: Team, appIds: string[], userVersion: string, concurrency: number) => {
    const created = await t.api.createRollout('providerA', {
      templateId: t.templateId,
      userVersion,
      extJson: extJsonFor('{{appId}}'),
      itemList,
      targets: { appIds },
      policy: { mode: 'commit_only', concurrency },
    });
    expect(created.status).toBe(200);
    return created.body.id as string;
  };
  const rolloutRow = async (id: string) =>
    (await database().db.select().from(miniProgramRollouts).where(eq(miniProgramRollouts.id, id)))[0]!;
  const succeeded = async (t: Team, id: string) =>
    ((await t.api.rollout('providerA', id)).body.counts.byState.succeeded as number | undefined) ?? 0;

  it('executor passes take a bounded slice of each rollout: platform B’s three finish in three passes while A’s twenty go on', async () => {
    const big = await start(a, await authorize(a, 20, 'fleet-a'), '1.0.0', 2);
    const small = await start(b, await authorize(b, 3, 'fleet-b'), '1.0.0', 1);
    const pass = () => advanceRollouts({ db: database().db, actor: 'test' }, { rounds: 1 });

    const first = await pass();
    // One round each: A claimed its concurrency (2), B its (1); both have more.
    expect(first.ran).toBe(3);
    expect(first.unfinished.sort()).toEqual([big, small].sort());
    expect(await succeeded(a, big)).toBe(2);
    expect(await succeeded(b, small)).toBe(1);

    await pass();
    const third = await pass();
    expect(third.unfinished).toEqual([big]);
    expect((await rolloutRow(small)).state).toBe('completed');
    const aDone = await succeeded(a, big);
    expect(aDone).toBe(6);
    expect((await rolloutRow(big)).state).toBe('running');

    // Unbounded, A runs to its end.
    expect(await advanceRollouts({ db: database().db, actor: 'test' })).toMatchObject({ unfinished: [] });
    expect((await rolloutRow(big)).state).toBe('completed');
    expect(await succeeded(a, big)).toBe(20);
  });

  it('through the job queue: a rollout kicked many times is one queued pass, so platform B’s small rollout completes before A’s large one', async () => {
    const aApps = await authorize(a, 30, 'queue-a');
    const bApps = await authorize(b, 3, 'queue-b');
    const commitsBefore = sandbox.upstreamCallCount('providerA/open/wxa/commit');
    const runner = await startJobs(database(), { relayIntervalMs: 100 });
    try {
      const big = await start(a, aApps, '2.0.0', 2);
      // A thousand decisions of one rollout are a thousand kicks: here 40, all written before B starts.
      for (let i = 0; i < 40; i++) await kickRollout(database().db, big);
      const small = await start(b, bApps, '2.0.0', 1);
      await until(async () => (await rolloutRow(small)).state === 'completed', 60_000);
      const aWhenBDone = await succeeded(a, big);
      expect(aWhenBDone).toBeLessThan(30);
      await until(async () => (await rolloutRow(big)).state === 'completed', 120_000);
      const [bRow, aRow] = [await rolloutRow(small), await rolloutRow(big)];
      expect(bRow.completedAt!.getTime()).toBeLessThan(aRow.completedAt!.getTime());
      expect(await succeeded(a, big)).toBe(30);
      // Each authorizer committed once: passes that overlapped never ran a step twice.
      expect(sandbox.upstreamCallCount('providerA/open/wxa/commit') - commitsBefore).toBe(33);
      const relayed = await database().db.select().from(outbox).where(eq(outbox.queue, 'mini-program-rollout-pass'));
      expect(relayed.length).toBeGreaterThan(40);
    } finally {
      await runner.stop();
    }
  });

  it('an upstream call quota (WeChat 45009 "api freq out of limit") backs the item off with the reason instead of failing it', async () => {
    const appIds = await authorize(a, 3, 'freq');
    const faults = await sandbox.control(a.apiKey, 'PUT', '/faults', [
      { provider: 'providerA', match: '/wxa/commit', errcode: 45009, count: 2 },
    ]);
    expect(faults.status).toBeLessThan(300);
    // One at a time: the sandbox counts a fault's firings by read-modify-write, so concurrent calls could all fire it.
    const id = await start(a, appIds, '3.0.0', 1);
    await advanceRollouts({ db: database().db, actor: 'test' }, { rolloutId: id });
    let view = (await a.api.rollout('providerA', id)).body;
    expect(view.state).toBe('running');
    expect(view.counts.byState).toEqual({ pending: 2, succeeded: 1 });
    for (const item of (view.items as { state: string; reason: string | null }[]).filter((i) => i.state === 'pending'))
      expect(item.reason).toMatch(/^rate limited: .*45009/);
    // Within the back-off the executor leaves them alone; after it they go on.
    expect(await advanceRollouts({ db: database().db, actor: 'test' }, { rolloutId: id })).toEqual({
      ran: 0,
      unfinished: [],
    });
    await database()
      .db.update(miniProgramRolloutItems)
      .set({ notBefore: sql`now() - interval '1 second'` })
      .where(eq(miniProgramRolloutItems.rolloutId, id));
    await advanceRollouts({ db: database().db, actor: 'test' }, { rolloutId: id });
    view = (await a.api.rollout('providerA', id)).body;
    expect(view).toMatchObject({ state: 'completed', counts: { byState: { succeeded: 3 } } });
  });
});
