import { beforeAll, expect, it } from 'vitest';
import { runCommand } from '@/cli/commands';
import { parseArgs } from '@/cli/parse-args';
import { createConsoleTeam, trpcFailure as failure } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { commitAndSubmitAudit, miniProgramApi } from '../support/mini-programs';
import { completeFormData, paymentsApi } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';

describeEachDatabase('the sandbox page procedures and server-side roles', (database) => {
  const sandbox = useSandboxOverHttp();
  const team = async () => {
    const t = await createConsoleTeam(database().db);
    return { ...t, payments: paymentsApi(t.apiKey) };
  };

  let main: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof team>>;
  beforeAll(async () => {
    main = await team();
    other = await team();
  });

  async function submitted(t: typeof main, provider: 'providerA' | 'providerB', distributor: string) {
    const { body } = await t.payments.create({ distributorExternalUserId: distributor, provider });
    const result = await t.payments.submit(body.id, { formData: await completeFormData(t.payments, provider) });
    expect(result.status).toBe(200);
    return result.body as { id: string; chApplymentId: string };
  }

  it('applications are searched and paged on the server: 25 a page, by record, distributor or application id, wildcards literal; one past the first page still moves', async () => {
    const busy = await team();
    const db = database().db;
    await runCommand(db, parseArgs(`sandbox seed --platform ${busy.platformId} --records 60 --json`.split(' ')));
    const operator = busy.as('operator');
    const first = await operator.sandbox.applyments({ platformId: busy.platformId });
    expect(first.data).toHaveLength(25);
    expect(first).toMatchObject({ page: 0, pageSize: 25 });
    expect(first.total).toBeGreaterThan(25);
    const last = await operator.sandbox.applyments({
      platformId: busy.platformId,
      page: Math.ceil(first.total / 25) - 1,
    });
    expect(last.data.length).toBe(first.total - 25 * (Math.ceil(first.total / 25) - 1));
    expect(last.data.some((a) => first.data.some((b) => b.applymentId === a.applymentId))).toBe(false);

    const target = last.data.at(-1)!;
    for (const q of [target.applymentId, target.subMerchantId, target.distributorExternalUserId!]) {
      const found = await operator.sandbox.applyments({ platformId: busy.platformId, q });
      expect(found.data.map((a) => a.applymentId)).toContain(target.applymentId);
    }
    expect((await operator.sandbox.applyments({ platformId: busy.platformId, q: '%' })).total).toBe(0);
    expect(await failure(operator.sandbox.applyments({ platformId: busy.platformId, page: -1 }))).toMatchObject({
      code: 'BAD_REQUEST',
    });

    // Not on the first page, and still moved (the move finds it by its id, not among the newest).
    const moved = await operator.sandbox.moveApplyment({
      platformId: busy.platformId,
      provider: target.provider,
      applymentId: target.applymentId,
      state: target.state === 'auditing' ? 'to_be_signed' : 'auditing',
    });
    expect(moved.applymentId).toBe(target.applymentId);
  });

  for (const provider of ['providerA', 'providerB'] as const) {
    it(`${provider}: lists only this platform's applications and moves one to rejected (reason on our field), then finished`, async () => {
      const mine = await submitted(main, provider, `sandbox-page-${provider}`);
      const theirs = await submitted(other, provider, `sandbox-page-other-${provider}`);
      const operator = main.as('operator');
      const list = (await operator.sandbox.applyments({ platformId: main.platformId })).data;
      const row = list.find((a) => a.applymentId === mine.chApplymentId);
      expect(row).toMatchObject({
        provider,
        subMerchantId: mine.id,
        distributorExternalUserId: `sandbox-page-${provider}`,
        state: 'auditing',
      });
      expect(list.some((a) => a.applymentId === theirs.chApplymentId)).toBe(false);

      const moveTheirs = operator.sandbox.moveApplyment({
        platformId: main.platformId,
        provider,
        applymentId: theirs.chApplymentId,
        state: 'finished',
      });
      expect(await failure(moveTheirs)).toEqual({ code: 'NOT_FOUND', appCode: 'not_found' });
      expect((await other.payments.get(theirs.id)).body.chApplymentState).not.toBe('finished');

      const rejected = await operator.sandbox.moveApplyment({
        platformId: main.platformId,
        provider,
        applymentId: mine.chApplymentId,
        state: 'rejected',
        rejectReasons: [{ field: 'idCardCopy', reason: '身份证人像面不清晰' }],
      });
      expect(rejected.state).toBe('rejected');
      // The record learned of it without waiting for the minute's sync: the reason sits on our field name.
      const record = (await main.payments.get(mine.id)).body;
      expect(record.chApplymentState).toBe('rejected');
      expect(record.rejectReasons).toEqual([
        expect.objectContaining({ field: 'idCardCopy', reason: expect.stringContaining('身份证人像面不清晰') }),
      ]);

      if (provider === 'providerA') {
        await operator.sandbox.moveApplyment({
          platformId: main.platformId,
          provider,
          applymentId: mine.chApplymentId,
          state: 'finished',
        });
        expect((await main.payments.get(mine.id)).body).toMatchObject({
          status: 'active',
          chApplymentState: 'finished',
          chSubMchid: expect.any(String),
        });
      }
    });
  }

  it('lists pending audits of this platform and decides them as the reviewer; the audit status follows', async () => {
    expect((await main.as('operator').sandbox.pushTicket({ platformId: main.platformId })).delivered).toBe(true);
    const api = miniProgramApi(main.apiKey);
    const started = await api.authorize({
      platform: 'providerA',
      redirectUri: 'https://seller.example.com/done',
      tenantId: 'sandbox-page',
    });
    const granted = await sandbox.control(main.apiKey, 'POST', '/providerA/authorizations', {
      state: started.body.state,
    });
    const appId = (
      await api.callback('providerA', new URL(granted.body!.redirectUrl as string).searchParams.toString())
    ).body.appId as string;
    const auditId = await commitAndSubmitAudit(api, appId, '1.2.3');

    const operator = main.as('operator');
    const pending = (await operator.sandbox.audits({ platformId: main.platformId })).data;
    expect(pending).toEqual([
      expect.objectContaining({ auditId, provider: 'providerA', appId, userVersion: '1.2.3', delayed: false }),
    ]);
    expect((await other.as('operator').sandbox.audits({ platformId: other.platformId })).data).toEqual([]);
    expect(
      await failure(
        other.as('operator').sandbox.decideAudit({ platformId: other.platformId, auditId, decision: 'approve' }),
      ),
    ).toEqual({ code: 'NOT_FOUND', appCode: 'not_found' });

    await operator.sandbox.decideAudit({
      platformId: main.platformId,
      auditId,
      decision: 'reject',
      reason: '页面内容不完整',
    });
    expect((await api.auditStatus('providerA', auditId, appId)).body).toMatchObject({
      status: 'rejected',
      reason: expect.stringContaining('页面内容不完整'),
    });
    expect((await operator.sandbox.audits({ platformId: main.platformId })).data).toEqual([]);
  });

  it('viewers may not use the sandbox page (FORBIDDEN)', async () => {
    const viewer = main.as('viewer');
    expect(await failure(viewer.sandbox.applyments({ platformId: main.platformId }))).toEqual({
      code: 'FORBIDDEN',
      appCode: undefined,
    });
    expect(await failure(viewer.sandbox.audits({ platformId: main.platformId }))).toEqual({
      code: 'FORBIDDEN',
      appCode: undefined,
    });
    expect(await failure(viewer.sandbox.pushTicket({ platformId: main.platformId }))).toEqual({
      code: 'FORBIDDEN',
      appCode: undefined,
    });
  });

  it('a viewer cannot submit, PUT, release or manage keys; an operator cannot PUT, release or manage keys (FORBIDDEN)', async () => {
    const { platformId } = main;
    const record = (await main.payments.create({ distributorExternalUserId: 'roles-check' })).body as { id: string };
    const viewer = main.as('viewer');
    const operator = main.as('operator');
    const forbidden = { code: 'FORBIDDEN', appCode: undefined };
    const onAuthorizer = { platformId, platform: 'providerA' as const, authorizerAppId: 'wx0000000000000000' };
    for (const caller of [viewer, operator]) {
      expect(await failure(caller.apiKeys.create({ platformId, name: 'x' }))).toEqual(forbidden);
      expect(await failure(caller.apiKeys.list({ platformId }))).toEqual(forbidden);
      expect(await failure(caller.apiKeys.revoke({ platformId, keyId: main.apiKeyId }))).toEqual(forbidden);
      expect(
        await failure(caller.subMerchants.update({ platformId, id: record.id, patch: { commissionRate: 1 } })),
      ).toEqual(forbidden);
      expect(await failure(caller.miniPrograms.release(onAuthorizer))).toEqual(forbidden);
      expect(await failure(caller.events.rotateWebhookSecret({ platformId }))).toEqual(forbidden);
      expect(
        await failure(
          caller.platformConfig.set({ platformId, key: 'payments.notify_url', value: 'https://x.example.com' }),
        ),
      ).toEqual(forbidden);
    }
    expect(await failure(viewer.subMerchants.submit({ platformId, id: record.id, formData: {} }))).toEqual(forbidden);
    expect(await failure(viewer.subMerchants.saveDraft({ platformId, id: record.id, formData: {} }))).toEqual(
      forbidden,
    );
    expect(
      await failure(
        viewer.miniPrograms.submitAudit({
          ...onAuthorizer,
          itemList: [{ address: 'pages/index/index', title: 't', tag: 't' }],
        }),
      ),
    ).toEqual(forbidden);
    // Nothing changed: the key still works and the record is still a draft.
    expect((await main.payments.get(record.id)).body.chApplymentState).toBeFalsy();
    expect(
      (await main.as('admin').apiKeys.list({ platformId })).find((k) => k.id === main.apiKeyId)?.revokedAt,
    ).toBeNull();
  });
});
