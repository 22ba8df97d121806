import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { KIND as PROVIDER_A_KIND, type CodeState } from '@/sandbox/providerA/component/state';
import { MINI_KINDS, type SandboxAppAuthToken, type SandboxMiniVersion } from '@/sandbox/providerB/mini/mini-store';
import { platformSandbox } from '@/sandbox/sandbox-context';
import { mpAuthorizers } from '@/server/db/schema';
import { completeSellerAuthorization } from '@/server/services/mini-programs/complete-seller-authorization';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { extJsonFor, miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { useEnv } from '../support/scoped-env';
import type { Provider } from '@/domain/providers';

const providers = ['providerA', 'providerB'] as const;
const N = 20;

/** What the upstream itself recorded, read from the sandbox's store: the ground truth for "once upstream". */
const upstream = {
  async releases(platformId: string, provider: Provider, appId: string) {
    const store = platformSandbox(platformId).store;
    if (provider === 'providerA') {
      const code = await store.get<CodeState>(PROVIDER_A_KIND.code, appId);
      return [code?.online, ...(code?.history ?? [])].filter(Boolean).length;
    }
    const versions = await store.list<SandboxMiniVersion>(MINI_KINDS.version);
    return versions.filter((v) => v.auth_app_id === appId && v.online_order !== undefined).length;
  },
  async tokensIssued(platformId: string, provider: Provider, appId: string) {
    const store = platformSandbox(platformId).store;
    if (provider === 'providerA')
      return (await store.list<{ appId: string }>(PROVIDER_A_KIND.authorizerToken)).filter((t) => t.appId === appId)
        .length;
    return (await store.list<SandboxAppAuthToken>(MINI_KINDS.token)).filter((t) => t.auth_app_id === appId).length;
  },
};

describeEachDatabase('mini-program concurrency: states, releases and token refreshes', (database) => {
  // 20 requests at once share one PGlite connection with the sandbox they call: the tests' 1.5 s default upstream
  // timeout would measure the machine, not the races.
  useEnv({ UPSTREAM_TIMEOUT_MS: '10000' });
  const sandbox = useSandboxOverHttp();
  let platformId: string;
  let apiKey: string;
  let api: ReturnType<typeof miniProgramApi>;
  beforeAll(async () => {
    const platform = await createPlatformWithKey(database().db);
    platformId = platform.platformId;
    apiKey = platform.apiKey;
    api = miniProgramApi(platform.apiKey);
    expect((await sandbox.control(apiKey, 'POST', '/providerA/ticket')).body).toEqual({ delivered: true });
  });

  /** Starts an authorization and has the seller grant it upstream; returns the redirect's query (state + code). */
  async function grantedRedirect(
    provider: Provider,
    tenantId: string,
    redirectUri = 'https://seller.example.com/authorized',
  ) {
    const started = await api.authorize({ platform: provider, redirectUri, tenantId });
    expect(started.status).toBe(201);
    const granted = await sandbox.control(apiKey, 'POST', `/${provider}/authorizations`, { state: started.body.state });
    expect(granted.status).toBe(200);
    return new URL(granted.body!.redirectUrl as string).searchParams;
  }

  const authorizersOf = (provider: Provider, tenantId: string) =>
    database()
      .db.select()
      .from(mpAuthorizers)
      .where(
        and(
          eq(mpAuthorizers.platformId, platformId),
          eq(mpAuthorizers.provider, provider),
          eq(mpAuthorizers.tenantId, tenantId),
        ),
      );

  async function approvedApp(provider: Provider, tenantId: string) {
    const done = await api.callback(provider, (await grantedRedirect(provider, tenantId)).toString());
    expect(done.status).toBe(200);
    const appId = done.body.appId as string;
    const template = (await api.templates(provider)).body.templates[0];
    const committed = await api.commit(provider, {
      authorizerAppId: appId,
      templateId: template.templateId,
      extJson: extJsonFor(appId),
      userVersion: '1.0.0',
      userDesc: 'v1',
    });
    expect(committed.status).toBe(200);
    const submitted = await api.submitAudit(provider, {
      authorizerAppId: appId,
      itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
    });
    expect(submitted.status).toBe(200);
    const auditId = submitted.body.auditId as string;
    expect(
      (
        await sandbox.control(apiKey, 'POST', `/${provider}/audits/${encodeURIComponent(auditId)}`, {
          decision: 'approve',
        })
      ).status,
    ).toBe(200);
    expect((await api.auditStatus(provider, auditId, appId)).body.status).toBe('approved');
    return { appId, auditId };
  }

  for (const provider of providers) {
    it(`${provider}: ${N} concurrent callbacks with one state bind one authorizer; the others get 409 state_already_used`, async () => {
      const query = (await grantedRedirect(provider, `race-callback-${provider}`)).toString();
      const responses = await Promise.all(Array.from({ length: N }, () => api.callback(provider, query)));
      const winners = responses.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      const losers = responses.filter((r) => r.status !== 200);
      expect(losers.map((r) => [r.status, r.body.code])).toEqual(Array(N - 1).fill([409, 'state_already_used']));
      expect(losers.every((r) => /already completed/.test(r.body.detail))).toBe(true);
      const rows = await authorizersOf(provider, `race-callback-${provider}`);
      expect(rows.map((r) => r.appId)).toEqual([winners[0]!.body.appId]);
    });

    it(`${provider}: ${N} concurrent seller completions of one state bind one authorizer; each answer is done or used`, async () => {
      const started = await api.authorize({
        platform: provider,
        redirectUri: 'https://seller.example.com/authorized',
        tenantId: `race-seller-${provider}`,
      });
      const granted = await sandbox.control(apiKey, 'POST', `/${provider}/authorizations`, {
        state: started.body.state,
      });
      const query = Object.fromEntries(new URL(granted.body!.redirectUrl as string).searchParams);
      const answers = await Promise.all(
        Array.from({ length: N }, () => completeSellerAuthorization({ db: database().db, actor: 'test' }, query)),
      );
      const done = answers.filter((a) => a.status === 'done');
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(
        answers.filter((a) => a.status === 'failed').every((a) => a.status === 'failed' && a.reason === 'used'),
      ).toBe(true);
      expect(new Set(done.map((a) => a.status === 'done' && a.appId)).size).toBe(1);
      expect(await authorizersOf(provider, `race-seller-${provider}`)).toHaveLength(1);
      // Once the winner finished, the same link (a reload) says done.
      expect(await completeSellerAuthorization({ db: database().db, actor: 'test' }, query)).toMatchObject({
        status: 'done',
        provider,
      });
    });

    it(`${provider}: ${N} concurrent releases of one approved audit make one upstream release`, async () => {
      const { appId, auditId } = await approvedApp(provider, `race-release-${provider}`);
      const responses = await Promise.all(Array.from({ length: N }, () => api.release(provider, appId)));
      expect(responses.map((r) => r.status)).toEqual(Array(N).fill(200));
      expect(responses.filter((r) => r.body.replayed === false)).toHaveLength(1);
      expect(responses.every((r) => r.body.auditId === auditId)).toBe(true);
      expect(await upstream.releases(platformId, provider, appId)).toBe(1);
    });

    it(`${provider}: ${N} concurrent calls after the upstream expired the token make one refresh`, async () => {
      const done = await api.callback(
        provider,
        (await grantedRedirect(provider, `race-refresh-${provider}`)).toString(),
      );
      const appId = done.body.appId as string;
      const issuedBefore = await upstream.tokensIssued(platformId, provider, appId);
      expect(
        (await sandbox.control(apiKey, 'POST', `/${provider}/tokens/expire`, { authorizerAppId: appId })).status,
      ).toBe(200);
      const responses = await Promise.all(Array.from({ length: N }, () => api.versions(provider, appId)));
      expect(responses.map((r) => r.status)).toEqual(Array(N).fill(200));
      expect(await upstream.tokensIssued(platformId, provider, appId)).toBe(issuedBefore + 1);
      const [row] = await database().db.select().from(mpAuthorizers).where(eq(mpAuthorizers.appId, appId));
      expect(row!.tokenRefreshLockUntil).toBeNull();
    });
  }
});
