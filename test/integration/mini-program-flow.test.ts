import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyWebhookSignature } from '@/server/crypto/webhook-signature';
import { startJobs, type JobRunner } from '@/server/jobs/start-jobs';
import '@/server/jobs/deliver-event-job';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { extJsonFor, miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { startWebhookReceiver, until } from '../support/webhook-receiver';
import type { Provider } from '@/domain/providers';

describeEachDatabase('hosted mini programs end to end against the sandbox', (database) => {
  const sandbox = useSandboxOverHttp();
  let runner: JobRunner;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  let api: ReturnType<typeof miniProgramApi>;

  beforeAll(async () => {
    runner = await startJobs(database(), { relayIntervalMs: 100 });
    receiver = await startWebhookReceiver();
    platform = await createPlatformWithKey(database().db);
    api = miniProgramApi(platform.apiKey);
    await setPlatformConfig(
      { db: database().db, platformId: platform.platformId, actor: 'test' },
      { key: 'miniprogram.audit_notify_url', value: receiver.url('/audit') },
    );
    expect((await sandbox.control(platform.apiKey, 'POST', '/providerA/ticket')).body).toEqual({ delivered: true });
  });
  afterAll(async () => {
    await runner.stop();
    await receiver.close();
  });

  async function authorizeApp(provider: Provider, tenantId: string) {
    const started = await api.authorize({
      platform: provider,
      redirectUri: 'https://seller.example.com/authorized',
      tenantId,
    });
    expect(started.status).toBe(201);
    expect(started.body.state).toHaveLength(32);
    expect(Boolean(started.body.mobileAuthUrl)).toBe(provider === 'providerA');
    const granted = await sandbox.control(platform.apiKey, 'POST', `/${provider}/authorizations`, {
      state: started.body.state,
    });
    expect(granted.status).toBe(200);
    const redirect = new URL(granted.body!.redirectUrl as string);
    expect(redirect.host).toBe('seller.example.com');
    const done = await api.callback(provider, redirect.searchParams.toString());
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'authorized', platform: provider, tenantId });
    return {
      appId: done.body.appId as string,
      state: started.body.state as string,
      query: redirect.searchParams.toString(),
    };
  }

  async function commitAndSubmit(provider: Provider, appId: string, version: string) {
    const templates = await api.templates(provider);
    expect(templates.body.mode).toBe('upstream');
    const template = templates.body.templates[0];
    const committed = await api.commit(provider, {
      authorizerAppId: appId,
      templateId: template.templateId,
      extJson: extJsonFor(appId),
      userVersion: version,
      userDesc: `版本 ${version}`,
    });
    expect(committed.status).toBe(200);
    const submitted = await api.submitAudit(provider, {
      authorizerAppId: appId,
      itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('pending');
    return submitted.body.auditId as string;
  }

  it('a rollback with no earlier release is the same 409 problem on both providers', async () => {
    const problems = [];
    for (const provider of ['providerA', 'providerB'] as const) {
      const { appId } = await authorizeApp(provider, `seller-${provider}-first-release`);
      const auditId = await commitAndSubmit(provider, appId, '1.0.0');
      await sandbox.control(platform.apiKey, 'POST', `/${provider}/audits/${encodeURIComponent(auditId)}`, {
        decision: 'approve',
      });
      expect((await api.release(provider, appId)).status).toBe(200);
      const refused = await api.rollback(provider, appId);
      expect(refused.status).toBe(409);
      problems.push(refused.body);
    }
    const [wechat, alipay] = problems as [Record<string, any>, Record<string, any>]; // eslint-disable-line @typescript-eslint/no-explicit-any -- problem bodies are compared field by field
    expect(alipay).toMatchObject({ code: wechat.code, title: wechat.title, status: 409 });
    expect(alipay.code).toBe('conflict');
    expect(alipay.errors.map((e: { message: string }) => e.message)).toEqual(
      wechat.errors.map((e: { message: string }) => e.message),
    );
  });

  for (const provider of ['providerA', 'providerB'] as const) {
    it(`${provider}: authorize → callback → listed → commit → audit → approve (one signed push) → release → versions → rollback`, async () => {
      const { appId, query } = await authorizeApp(provider, `seller-${provider}`);
      expect((await api.authorizers()).body.data.map((a: { appId: string }) => a.appId)).toContain(appId);
      expect((await api.callback(provider, query)).body.code).toBe('state_already_used');

      const auditId = await commitAndSubmit(provider, appId, '1.0.0');
      expect((await api.auditStatus(provider, auditId, appId)).body).toMatchObject({ auditId, status: 'pending' });
      expect((await api.release(provider, appId)).body.code).toBe('audit_not_approved');

      expect(
        (
          await sandbox.control(platform.apiKey, 'POST', `/${provider}/audits/${encodeURIComponent(auditId)}`, {
            decision: 'approve',
          })
        ).status,
      ).toBe(200);
      expect((await api.auditStatus(provider, auditId, appId)).body).toMatchObject({ auditId, status: 'approved' });
      await until(() => receiver.at('/audit').some((r) => r.body.includes(auditId)));
      const pushes = receiver.at('/audit').filter((r) => r.body.includes(auditId));
      expect(pushes).toHaveLength(1);
      const push = JSON.parse(pushes[0]!.body);
      expect(push).toMatchObject({
        type: 'miniprogram.audit.approved',
        data: { auditId, status: 'approved', authorizerAppId: appId },
      });
      expect(
        verifyWebhookSignature({
          header: String(pushes[0]!.headers['x-signature']),
          body: pushes[0]!.body,
          secret: platform.webhookSecret,
        }),
      ).toBe(true);

      const released = await api.release(provider, appId);
      expect(released.status).toBe(200);
      expect(JSON.stringify((await api.versions(provider, appId)).body)).toContain('1.0.0');

      const second = await commitAndSubmit(provider, appId, '1.0.1');
      await sandbox.control(platform.apiKey, 'POST', `/${provider}/audits/${encodeURIComponent(second)}`, {
        decision: 'approve',
      });
      expect((await api.release(provider, appId)).status).toBe(200);
      expect((await api.rollback(provider, appId)).status).toBe(200);
    });

    it(`${provider}: a rejection carries its reason to the status and the push; delay stays pending`, async () => {
      const { appId } = await authorizeApp(provider, `seller-${provider}-reject`);
      const auditId = await commitAndSubmit(provider, appId, '2.0.0');
      await sandbox.control(platform.apiKey, 'POST', `/${provider}/audits/${encodeURIComponent(auditId)}`, {
        decision: 'delay',
      });
      expect((await api.auditStatus(provider, auditId, appId)).body.status).toBe('pending');
      await sandbox.control(platform.apiKey, 'POST', `/${provider}/audits/${encodeURIComponent(auditId)}`, {
        decision: 'reject',
        reason: '页面内容不完整',
      });
      const status = (await api.auditStatus(provider, auditId, appId)).body;
      expect(status).toMatchObject({ status: 'rejected' });
      expect(status.reason).toContain('页面内容不完整');
      await until(() => receiver.at('/audit').some((r) => r.body.includes(auditId)));
      const push = JSON.parse(receiver.at('/audit').find((r) => r.body.includes(auditId))!.body);
      expect(push.type).toBe('miniprogram.audit.rejected');
      expect(push.data.reason).toContain('页面内容不完整');
    });
  }
});
