import { afterAll, beforeAll, expect, it } from 'vitest';
import { resetEnvForTests } from '@/env';
import { verifyWebhookSignature } from '@/server/crypto/webhook-signature';
import '@/server/jobs/deliver-event-job';
import { startJobs, type JobRunner } from '@/server/jobs/start-jobs';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { extJsonFor, miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { startWebhookReceiver, until } from '../support/webhook-receiver';

describeEachDatabase('mini-program audit push: conflicts and retries', (database) => {
  const sandbox = useSandboxOverHttp();
  let runner: JobRunner;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  let api: ReturnType<typeof miniProgramApi>;
  let appId: string;

  beforeAll(async () => {
    process.env.EVENT_RETRY_SCHEDULE_SECONDS = '1,1,1';
    resetEnvForTests();
    runner = await startJobs(database(), { relayIntervalMs: 100 });
    receiver = await startWebhookReceiver();
    platform = await createPlatformWithKey(database().db);
    api = miniProgramApi(platform.apiKey);
    await setPlatformConfig(
      { db: database().db, platformId: platform.platformId, actor: 'test' },
      { key: 'miniprogram.audit_notify_url', value: receiver.url('/flaky') },
    );
    await sandbox.control(platform.apiKey, 'POST', '/providerA/ticket');
    const started = await api.authorize({ platform: 'providerA', redirectUri: 'https://seller.example.com/back' });
    const granted = await sandbox.control(platform.apiKey, 'POST', '/providerA/authorizations', {
      state: started.body.state,
    });
    appId = (await api.callback('providerA', new URL(granted.body!.redirectUrl as string).searchParams.toString())).body
      .appId;
  });
  afterAll(async () => {
    await runner.stop();
    await receiver.close();
    delete process.env.EVENT_RETRY_SCHEDULE_SECONDS;
    resetEnvForTests();
  });

  it('a second submit while an audit is pending answers 409 audit_in_progress; the receiver failing twice gets the push on the third attempt, once', async () => {
    const template = (await api.templates('providerA')).body.templates[0];
    await api.commit('providerA', {
      authorizerAppId: appId,
      templateId: template.templateId,
      extJson: extJsonFor(appId),
      userVersion: '1.2.0',
      userDesc: 'v1.2',
    });
    const { auditId } = (await api.submitAudit('providerA', { authorizerAppId: appId })).body;
    const again = await api.submitAudit('providerA', { authorizerAppId: appId });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('audit_in_progress');

    receiver.script('/flaky', [500, 503, 200]);
    await sandbox.control(platform.apiKey, 'POST', `/providerA/audits/${auditId}`, { decision: 'approve' });
    await until(() => receiver.at('/flaky').length >= 3, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 2500)); // nothing more may follow a 2xx
    const attempts = receiver.at('/flaky');
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers['x-event-id'])).size).toBe(1);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    expect(
      verifyWebhookSignature({
        header: String(attempts[2]!.headers['x-signature']),
        body: attempts[2]!.body,
        secret: platform.webhookSecret,
      }),
    ).toBe(true);
    expect(JSON.parse(attempts[2]!.body)).toMatchObject({ type: 'miniprogram.audit.approved', data: { auditId } });
  });
});
