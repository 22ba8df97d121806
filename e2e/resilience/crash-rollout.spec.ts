import { expect, test } from '@playwright/test';
import {
  authorizedMiniProgram,
  crashDatabases,
  rigApi,
  serviceUrl,
  startCrashRig,
  untilFaultFired,
  type CrashRig,
} from '../support/crash-rig';

const AUTHORIZERS = 12;
const extJson = JSON.stringify({ extEnable: true, extAppid: '{{appId}}', ext: { seller: '{{sellerId}}' }, window: {} });

type RolloutView = {
  state: string;
  counts: { byStep: Record<string, number>; byState: Record<string, number> };
  items: { authorizerAppId: string; step: string; state: string; reason: string | null; auditId: string | null }[];
};
type LedgerRow = { appId: string; api: string; count: number };

async function rollout(rig: CrashRig, id: string): Promise<RolloutView> {
  const response = await fetch(`${serviceUrl}/v1/miniprogram/providerA/rollouts/${id}?limit=100`, {
    headers: { authorization: `Bearer ${rig.platform.apiKey}`, 'x-service-code': 'miniprogram' },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as RolloutView;
}

/**
 * The check, run as an outsider would: a rollout through /v1 to a dozen authorizers, the server SIGKILLed
 * while the upstream holds submits it has accepted (their answers are what the crash loses), a restart, the audits
 * approved, and then the upstream's own ledger: every authorizer committed, submitted and released exactly once.
 */
for (const kind of crashDatabases()) {
  test(`[${kind}] SIGKILL mid-rollout: after restart each authorizer is committed, submitted and released once upstream`, async () => {
    test.setTimeout(300_000);
    // Leases follow the upstream timeout: 30 s with 3 s, so the items the dead process held are taken up soon.
    const rig = await startCrashRig(kind, { UPSTREAM_TIMEOUT_MS: '3000' });
    try {
      const api = rigApi(rig);
      expect((await rig.control('POST', '/providerA/ticket')).status).toBeLessThan(300);
      const appIds: string[] = [];
      for (let i = 0; i < AUTHORIZERS; i++) appIds.push(await authorizedMiniProgram(rig, `crash-seller-${i}`));
      expect((await rig.control('PUT', '/providerA/audit-policy', { quota: { limit: 100, rest: 100 } })).status).toBe(
        200,
      );
      const templates = await api.GET('/v1/miniprogram/templates', { params: { query: { platform: 'providerA' } } });
      const templateId = templates.data!.templates[0]!.templateId;

      // The upstream takes three submits and holds their answers.
      await rig.control('PUT', '/faults', [
        { provider: 'providerA', match: '/wxa/submit_audit', answerDelayMs: 30_000, count: 3 },
      ]);
      const created = await fetch(`${serviceUrl}/v1/miniprogram/providerA/rollouts`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${rig.platform.apiKey}`,
          'x-service-code': 'miniprogram',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          templateId,
          userVersion: '3.1.0',
          userDesc: '崩溃演练',
          extJson,
          itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
          targets: { all: true },
          policy: { mode: 'submit_audit', release: 'auto', concurrency: 4 },
        }),
      });
      const answer = (await created.json()) as { id: string };
      expect(created.status, JSON.stringify(answer)).toBe(200);
      const id = answer.id;
      await untilFaultFired(rig, 60_000);
      await expect
        .poll(
          async () =>
            ((await rig.control('GET', '/faults')).body!.faults as { fired: number }[]).reduce(
              (n, f) => n + f.fired,
              0,
            ),
          { timeout: 30_000 },
        )
        .toBe(3);
      await rig.crash();
      await rig.control('DELETE', '/faults');
      await rig.restart();

      // Every item reaches its audit: the held submits adopted, the rest submitted (leases out, the minute's pass).
      let view = await rollout(rig, id);
      for (const deadline = Date.now() + 180_000; Date.now() < deadline; view = await rollout(rig, id)) {
        if ((view.counts.byStep.await_audit ?? 0) === AUTHORIZERS) break;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      const elsewhere = view.items.filter((item) => item.step !== 'await_audit');
      expect(elsewhere, 'items not under audit yet').toEqual([]);
      for (const item of (await rollout(rig, id)).items) {
        const decided = await rig.control('POST', `/providerA/audits/${encodeURIComponent(item.auditId!)}`, {
          decision: 'approve',
        });
        expect(decided.status).toBe(200);
      }
      await expect
        .poll(async () => (await rollout(rig, id)).state, { timeout: 120_000, intervals: [1000] })
        .toBe('completed');
      expect((await rollout(rig, id)).counts.byState).toEqual({ succeeded: AUTHORIZERS });

      const ledger = (await rig.control('GET', '/providerA/calls')).body!.data as LedgerRow[];
      for (const api of ['/wxa/commit', '/wxa/submit_audit', '/wxa/release']) {
        const counts = Object.fromEntries(ledger.filter((r) => r.api === api).map((r) => [r.appId, r.count]));
        expect(counts, api).toEqual(Object.fromEntries(appIds.map((appId) => [appId, 1])));
      }
    } finally {
      await rig.stop();
    }
  });
}
