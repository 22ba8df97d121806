import { beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as providerAAuthEvent from '@/app/callbacks/providerA/auth-event/route';
import * as providerAMessage from '@/app/callbacks/providerA/message/[appId]/route';
import * as providerBCallback from '@/app/callbacks/providerB/route';
import { sandboxNamespace } from '@/server/config/sandbox-namespace';
import { buildPush, createProviderAComponentSandboxConfig, type BuiltPush } from '@/sandbox/providerA/component';
import { signedPush } from '@/sandbox/providerB/mini/push-message';
import { providerAComponentSandboxConfig, sandboxKeys } from '@/sandbox/sandbox-context';
import { mpAudits, mpAuthorizers, providerCredentials } from '@/server/db/schema';
import { sandboxAsLiveEnvironment } from '@/server/upstreams/credentials';
import { describeEachDatabase } from '../support/databases';
import { fixtureComponentCredentials, loadProviderBSandboxKeys } from '../support/fixture-keys';
import { createPlatformWithKey } from '../support/fixtures';
import { authorizeMiniProgram, commitAndSubmitAudit, miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';

/**
 * Sandbox mode is the default, and the published test keys are in every copy of the repository: a push
 * signed with them must not be accepted. Each platform's sandbox signs with keys of its own, which only it and
 * that platform's adapters hold (src/sandbox/instance-keys.ts): what `sandbox live-env --platform B` hands B
 * cannot forge a push the service accepts for A, and B's control calls never touch A's tokens or state.
 */
describeEachDatabase('each platform’s sandbox signs with its own keys', (database) => {
  const sandbox = useSandboxOverHttp();
  let a: Awaited<ReturnType<typeof createPlatformWithKey>>;
  let b: Awaited<ReturnType<typeof createPlatformWithKey>>;
  beforeAll(async () => {
    a = await createPlatformWithKey(database().db);
    b = await createPlatformWithKey(database().db);
  });

  const ticketPush = (config: ReturnType<typeof createProviderAComponentSandboxConfig>) =>
    buildPush(config, {
      type: 'component_verify_ticket',
      componentAppId: config.componentAppId,
      ticket: `ticket@@@${Date.now()}${Math.random()}`,
      createTime: Math.floor(Date.now() / 1000),
    });
  const sendToProviderA = async (push: BuiltPush) => {
    const query = new URLSearchParams(push.query);
    const response = push.authorizerAppId
      ? await providerAMessage.POST(
          new Request(`http://localhost/callbacks/providerA/message/${push.authorizerAppId}?${query}`, {
            method: 'POST',
            headers: { 'content-type': 'application/xml' },
            body: push.body,
          }),
        )
      : await providerAAuthEvent.POST(
          new Request(`http://localhost/callbacks/providerA/auth-event?${query}`, {
            method: 'POST',
            headers: { 'content-type': 'application/xml' },
            body: push.body,
          }),
        );
    return { status: response.status, text: await response.text() };
  };
  const sendToProviderB = async (body: string) => {
    const response = await providerBCallback.POST(
      new Request('http://localhost/callbacks/providerB', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
    );
    return { status: response.status, text: await response.text() };
  };
  const alipayParams = (appId: string, kind: Record<string, string>, bizContent: Record<string, string>) => ({
    ...kind,
    app_id: appId,
    notify_id: `2026112500222${Date.now()}${Math.floor(Math.random() * 1000)}`,
    utc_timestamp: String(Date.now()),
    version: '1.1',
    charset: 'UTF-8',
    biz_content: JSON.stringify(bizContent),
    sign_type: 'RSA2',
  });

  it('has keys and secrets of its own, none of them a published one', async () => {
    const own = await sandboxKeys(a.platformId);
    const published = loadProviderBSandboxKeys();
    expect(own.providerB.alipayPrivateKeyPem).not.toBe(published.alipayPrivateKeyPem);
    expect(own.providerB.appPrivateKeyPem).not.toBe(published.appPrivateKeyPem);
    expect(own.providerAComponent.token).not.toBe(fixtureComponentCredentials.token);
    expect(own.providerAComponent.encodingAesKey).not.toBe(fixtureComponentCredentials.encodingAesKey);
    expect(own.providerAComponent.encodingAesKey).toMatch(/^[A-Za-z0-9+/]{43}$/);
  });

  it('two platforms get different keys and component identities; live-env hands each only its own', async () => {
    const [mine, theirs] = [await sandboxKeys(a.platformId), await sandboxKeys(b.platformId)];
    expect(mine.platformId).toBe(a.platformId);
    const secrets = (keys: typeof mine) => [
      keys.providerAPay.merchant.mchId,
      keys.providerAPay.merchant.serialNo,
      keys.providerAPay.merchant.privateKeyPem,
      keys.providerAPay.platform.privateKeyPem,
      keys.providerAPay.platform.publicKeyId,
      keys.providerAComponent.componentAppId,
      keys.providerAComponent.componentAppSecret,
      keys.providerAComponent.token,
      keys.providerAComponent.encodingAesKey,
      keys.providerB.appId,
      keys.providerB.appPrivateKeyPem,
      keys.providerB.alipayPrivateKeyPem,
    ];
    const theirSecrets = secrets(theirs);
    for (const value of secrets(mine)) expect(theirSecrets).not.toContain(value);
    // Read again (as another instance would): the same stored record.
    expect(await sandboxKeys(a.platformId)).toEqual(mine);

    const [aEnv, bEnv] = [await sandboxAsLiveEnvironment(a.platformId), await sandboxAsLiveEnvironment(b.platformId)];
    for (const name of [
      'PROVIDER_A_MCH_ID',
      'PROVIDER_A_MERCHANT_PRIVATE_KEY',
      'PROVIDER_A_APIV3_KEY',
      'PROVIDER_A_COMPONENT_APPID',
      'PROVIDER_A_COMPONENT_SECRET',
      'PROVIDER_A_COMPONENT_TOKEN',
      'PROVIDER_A_COMPONENT_AES_KEY',
      'PROVIDER_B_APP_ID',
      'PROVIDER_B_APP_PRIVATE_KEY',
    ])
      expect(bEnv[name], name).not.toBe(aEnv[name]);
    expect(bEnv.PROVIDER_A_COMPONENT_SECRET).toBe(theirs.providerAComponent.componentAppSecret);
  });

  it('providerA: a push made with the published credentials is refused, the sandbox’s own is accepted', async () => {
    const forged = await sendToProviderA(
      ticketPush(
        createProviderAComponentSandboxConfig({
          ...fixtureComponentCredentials,
          componentAppId: (await sandboxKeys(a.platformId)).providerAComponent.componentAppId,
        }),
      ),
    );
    expect(forged).toEqual({ status: 401, text: 'fail' });
    expect(
      await sendToProviderA(ticketPush(await providerAComponentSandboxConfig(sandboxNamespace(a.platformId)))),
    ).toEqual({ status: 200, text: 'success' });
  });

  it("providerA: B's live-env secrets forge no ticket, authorization change or audit result for A; B's tokens/expire leaves A's tokens alone", async () => {
    const db = database().db;
    const bEnv = await sandboxAsLiveEnvironment(b.platformId);
    const aComponentAppId = (await sandboxAsLiveEnvironment(a.platformId)).PROVIDER_A_COMPONENT_APPID!;
    const bComponent = createProviderAComponentSandboxConfig({
      componentAppId: bEnv.PROVIDER_A_COMPONENT_APPID!,
      componentAppSecret: bEnv.PROVIDER_A_COMPONENT_SECRET!,
      token: bEnv.PROVIDER_A_COMPONENT_TOKEN!,
      encodingAesKey: bEnv.PROVIDER_A_COMPONENT_AES_KEY!,
    });
    // B's secrets, but the envelope naming A's component: the push an attacker holding B's copy would make.
    const forgedAsA = { ...bComponent, componentAppId: aComponentAppId };

    // A authorizes a mini program and submits its code for audit, through its own sandbox.
    for (const team of [a, b])
      expect((await sandbox.control(team.apiKey, 'POST', '/providerA/ticket')).body).toEqual({ delivered: true });
    const api = miniProgramApi(a.apiKey);
    const { appId } = await authorizeMiniProgram(api, sandbox.controlAs(a.apiKey), 'providerA', 'keys-test');
    const auditId = await commitAndSubmitAudit(api, appId, '1.0.0');
    const ticketRow = async (platformId: string) =>
      (
        await db
          .select({ valueEnc: providerCredentials.valueEnc })
          .from(providerCredentials)
          .where(eq(providerCredentials.name, `providerA.component_verify_ticket@${platformId}`))
      )[0]?.valueEnc;
    const aTicket = await ticketRow(a.platformId);
    expect(aTicket).toBeTruthy();
    const now = Math.floor(Date.now() / 1000);

    // Ticket: refused, and A's stored ticket unchanged.
    expect(await sendToProviderA(ticketPush(forgedAsA))).toEqual({ status: 401, text: 'fail' });
    expect(await ticketRow(a.platformId)).toBe(aTicket);
    // Authorization change: refused naming A's component; accepted for B's own component, but changes nothing of A.
    const unauthorized = (componentAppId: string) => ({
      type: 'unauthorized' as const,
      componentAppId,
      authorizerAppId: appId,
      createTime: now,
    });
    expect(await sendToProviderA(buildPush(forgedAsA, unauthorized(aComponentAppId)))).toEqual({
      status: 401,
      text: 'fail',
    });
    expect((await sendToProviderA(buildPush(bComponent, unauthorized(bComponent.componentAppId)))).status).toBe(200);
    const [authorizer] = await db
      .select({ status: mpAuthorizers.status })
      .from(mpAuthorizers)
      .where(and(eq(mpAuthorizers.platformId, a.platformId), eq(mpAuthorizers.appId, appId)));
    expect(authorizer?.status).toBe('authorized');
    // Audit result on A's message URL, made with B's secrets: refused, the audit still pending.
    const auditResult = buildPush(
      bComponent,
      { type: 'weapp_audit_success', toUserName: 'gh_sandbox', fromUserName: 'system', createTime: now, succTime: 1 },
      { authorizerAppId: appId },
    );
    expect(await sendToProviderA(auditResult)).toEqual({ status: 401, text: 'fail' });
    const [audit] = await db
      .select({ status: mpAudits.status })
      .from(mpAudits)
      .where(and(eq(mpAudits.platformId, a.platformId), eq(mpAudits.appId, appId)));
    expect(audit?.status).toBe('pending');

    // B expires every token of its sandbox: A's component and authorizer tokens still work.
    expect((await sandbox.control(b.apiKey, 'POST', '/providerA/tokens/expire', {})).status).toBe(200);
    expect((await api.auditStatus('providerA', auditId, appId)).status).toBe(200);
    expect((await api.templates('providerA')).status).toBe(200);
    // A's reviewers still decide A's audit, and the push (A's own keys) is applied.
    expect(
      (
        await sandbox.control(a.apiKey, 'POST', `/providerA/audits/${encodeURIComponent(auditId)}`, {
          decision: 'approve',
        })
      ).status,
    ).toBe(200);
    expect((await api.auditStatus('providerA', auditId, appId)).body).toMatchObject({ status: 'approved' });
  });

  it('providerB: messages signed with the published "Alipay" key or with another platform’s are refused, the platform’s own accepted', async () => {
    const published = loadProviderBSandboxKeys();
    const mine = (await sandboxKeys(a.platformId)).providerB;
    const theirs = (await sandboxKeys(b.platformId)).providerB;
    const forgeries = [
      alipayParams(
        mine.appId,
        { msg_method: 'ant.merchant.expand.indirect.zft.passed' },
        { order_id: '20261125000000001', smid: '2088000000000001' },
      ),
      alipayParams(
        mine.appId,
        { msg_method: 'alipay.open.mini.version.audit.passed' },
        { mini_app_id: '2021004100000001', mini_app_version: '1.0.0' },
      ),
      alipayParams(mine.appId, { notify_type: 'open_app_auth_notify' }, { state: 's' }),
    ];
    for (const params of forgeries) {
      expect(await sendToProviderB(signedPush(params, published).body)).toEqual({ status: 401, text: 'fail' });
      // B's "Alipay" key (what B's sandbox signs with) naming A's app: refused too.
      expect(await sendToProviderB(signedPush(params, theirs).body)).toEqual({ status: 401, text: 'fail' });
    }
    const own = signedPush(alipayParams(mine.appId, { notify_type: 'open_app_auth_notify' }, { state: 's' }), mine);
    expect(await sendToProviderB(own.body)).toEqual({ status: 200, text: 'success' });
  });
});
