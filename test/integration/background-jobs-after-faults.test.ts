/**
 * The background jobs under upstream faults (sandbox fault API over HTTP): a failing slot changes nothing
 * and loses nothing; the first slot after the fault clears catches up (status sync, audit polling, token
 * refresh). The job functions are called as their pg-boss handlers call them.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { resetEnvForTests } from '@/env';
import { mpAudits, mpAuthorizers, subMerchants } from '@/server/db/schema';
import { pollPendingAudits } from '@/server/services/mini-programs/poll-pending-audits';
import { refreshExpiringAuthorizerTokens } from '@/server/services/mini-programs/refresh-expiring-authorizer-tokens';
import { syncDueSubMerchants } from '@/server/services/sub-merchants/sync-due-sub-merchants';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { extJsonFor, miniProgramApi } from '../support/mini-programs';
import { completeFormData, paymentsApi } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';

describeEachDatabase('background jobs catch up once an upstream fault clears', (database) => {
  const sandbox = useSandboxOverHttp();
  let payments: ReturnType<typeof paymentsApi>;
  let mini: ReturnType<typeof miniProgramApi>;
  let appId = '';
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;

  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    payments = paymentsApi(platform.apiKey);
    mini = miniProgramApi(platform.apiKey);
    await sandbox.control(platform.apiKey, 'POST', '/providerA/ticket');
    const started = await mini.authorize({ platform: 'providerA', redirectUri: 'https://seller.example.com/back' });
    const granted = await sandbox.control(platform.apiKey, 'POST', '/providerA/authorizations', {
      state: started.body.state,
    });
    appId = (await mini.callback('providerA', new URL(granted.body!.redirectUrl as string).searchParams.toString()))
      .body.appId;
  });

  const fault = (match: string) =>
    sandbox.control(platform.apiKey, 'PUT', '/faults', [{ provider: 'providerA', match, status: 500 }]);
  const clear = () => sandbox.control(platform.apiKey, 'DELETE', '/faults');

  it('status sync: a slot during a 500 outage fails without touching the record; the next slot records the finished review', async () => {
    const created = await payments.create({ distributorExternalUserId: 'sync-under-fault', provider: 'providerA' });
    const submitted = await payments.submit(created.body.id, {
      formData: await completeFormData(payments, 'providerA'),
    });
    await sandbox.control(platform.apiKey, 'POST', `/providerA/applyments/${submitted.body.chApplymentId}`, {
      state: 'finished',
    });
    const due = () =>
      database()
        .db.update(subMerchants)
        .set({ nextSyncAt: sql`now() - interval '1 second'` })
        .where(eq(subMerchants.id, created.body.id));

    await due();
    const before = (await payments.get(created.body.id)).body;
    expect(before.status).toBe('pending');
    await fault('/applyment/business_code/');
    const during = await syncDueSubMerchants({ db: database().db, actor: 'test' }).finally(clear);
    expect(during.failed).toBeGreaterThanOrEqual(1);
    expect((await payments.get(created.body.id)).body).toMatchObject({
      chApplymentState: before.chApplymentState,
      status: 'pending',
      updatedAt: before.updatedAt,
    });

    await due();
    const after = await syncDueSubMerchants({ db: database().db, actor: 'test' });
    expect(after.synced).toBeGreaterThanOrEqual(1);
    expect((await payments.get(created.body.id)).body).toMatchObject({
      chApplymentState: 'finished',
      status: 'active',
    });
  });

  it('audit polling: a decision whose push never arrived is found by the first poll after the outage', async () => {
    const template = (await mini.templates('providerA')).body.templates[0];
    await mini.commit('providerA', {
      authorizerAppId: appId,
      templateId: template.templateId,
      extJson: extJsonFor(appId),
      userVersion: '4.0.0',
      userDesc: 'poll',
    });
    const { auditId } = (
      await mini.submitAudit('providerA', {
        authorizerAppId: appId,
        itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
      })
    ).body;
    // The reviewer decides while the service is unreachable for the upstream's push.
    const serviceUrl = process.env.SANDBOX_SERVICE_URL;
    process.env.SANDBOX_SERVICE_URL = 'http://127.0.0.1:9';
    resetEnvForTests();
    await sandbox
      .control(platform.apiKey, 'POST', `/providerA/audits/${auditId}`, { decision: 'approve' })
      .finally(() => {
        process.env.SANDBOX_SERVICE_URL = serviceUrl;
        resetEnvForTests();
      });
    const status = async () =>
      (await database().db.select().from(mpAudits).where(eq(mpAudits.auditId, auditId)))[0]!.status;
    const due = () =>
      database()
        .db.update(mpAudits)
        .set({ nextPollAt: sql`now() - interval '1 second'` })
        .where(eq(mpAudits.auditId, auditId));
    expect(await status()).toBe('pending');

    await due();
    await fault('/wxa/get_auditstatus');
    expect(
      (await pollPendingAudits({ db: database().db, actor: 'test' }).finally(clear)).polled,
    ).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe('pending');

    await due();
    await pollPendingAudits({ db: database().db, actor: 'test' });
    expect(await status()).toBe('approved');
  });

  it('token refresh: an expiring authorizer token that cannot be refreshed during the outage is refreshed by the next run', async () => {
    const expiring = new Date(Date.now() + 5 * 60_000);
    await database()
      .db.update(mpAuthorizers)
      .set({ accessTokenExpiresAt: expiring })
      .where(eq(mpAuthorizers.appId, appId));
    await fault('api_authorizer_token');
    const during = await refreshExpiringAuthorizerTokens({ db: database().db, actor: 'test' }).finally(clear);
    expect(during).toMatchObject({ refreshed: 0 });
    expect(during.due).toBeGreaterThanOrEqual(1);

    const after = await refreshExpiringAuthorizerTokens({ db: database().db, actor: 'test' });
    expect(after.refreshed).toBeGreaterThanOrEqual(1);
    const [row] = await database().db.select().from(mpAuthorizers).where(eq(mpAuthorizers.appId, appId));
    expect(row!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    expect((await mini.versions('providerA', appId)).status).toBe(200);
  });
});
