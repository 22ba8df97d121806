import { beforeAll, expect, it } from 'vitest';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createConsoleTeam, trpcFailure as failure } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { extJsonFor, miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { KIND, type Audit } from '@/sandbox/providerA/component/state';
import type { Provider } from '@/domain/providers';

const providers = ['providerA', 'providerB'] as const;
const redirectUri = 'https://seller.example.com/authorized';

describeEachDatabase('mini programs in the console (tRPC over the same services)', (database) => {
  const sandbox = useSandboxOverHttp();
  const team = () => createConsoleTeam(database().db);

  let main: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof team>>;

  beforeAll(async () => {
    main = await team();
    other = await team();
    expect((await sandbox.control(main.apiKey, 'POST', '/providerA/ticket')).body).toEqual({ delivered: true });
  });

  it("lets admins enter, list and delete manual templates: duplicates 409, bad input 400, another platform's 404", async () => {
    const { platformId } = main;
    const admin = main.as('admin');
    const general = await admin.miniPrograms.manualTemplates.create({
      platformId,
      provider: 'providerA',
      templateId: '101',
      userVersion: '1.0.0',
      userDesc: '通用模板',
    });
    expect(general).toMatchObject({
      object: 'manual_template',
      platform: 'providerA',
      templateId: '101',
      userVersion: '1.0.0',
      userDesc: '通用模板',
    });
    expect(general.id).toMatch(/^mpt_/);
    expect(general).not.toHaveProperty('tenantId');
    const forSeller = await admin.miniPrograms.manualTemplates.create({
      platformId,
      provider: 'providerA',
      templateId: '102',
      userVersion: '1.0.0',
      tenantId: 'seller-1',
    });
    expect(forSeller).toMatchObject({ tenantId: 'seller-1', userDesc: '' });
    const alipay = await admin.miniPrograms.manualTemplates.create({
      platformId,
      provider: 'providerB',
      templateId: '101',
      userVersion: '1.0.0',
    });

    // The same template and version again (even for another seller) changes nothing.
    expect(
      await failure(
        admin.miniPrograms.manualTemplates.create({
          platformId,
          provider: 'providerA',
          templateId: '101',
          userVersion: '1.0.0',
          tenantId: 'seller-2',
        }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      appCode: 'conflict',
    });
    expect(
      await failure(
        admin.miniPrograms.manualTemplates.create({
          platformId,
          provider: 'providerA',
          templateId: '',
          userVersion: '1.0.0',
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      await failure(
        admin.miniPrograms.manualTemplates.create({
          platformId,
          provider: 'providerC' as 'providerA',
          templateId: '1',
          userVersion: '1',
        }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
    });

    const viewer = main.as('viewer');
    expect(
      (await viewer.miniPrograms.manualTemplates.list({ platformId, provider: 'providerA' })).data.map((t) => t.id),
    ).toEqual([general.id, forSeller.id]);
    expect((await viewer.miniPrograms.manualTemplates.list({ platformId })).data.map((t) => t.id)).toEqual([
      general.id,
      forSeller.id,
      alipay.id,
    ]);

    const theirs = await other.as('admin').miniPrograms.manualTemplates.create({
      platformId: other.platformId,
      provider: 'providerA',
      templateId: '101',
      userVersion: '1.0.0',
    });
    expect(await failure(admin.miniPrograms.manualTemplates.delete({ platformId, id: theirs.id }))).toEqual({
      code: 'NOT_FOUND',
      appCode: 'not_found',
    });
    expect(
      (await other.as('viewer').miniPrograms.manualTemplates.list({ platformId: other.platformId })).data.map(
        (t) => t.id,
      ),
    ).toEqual([theirs.id]);

    expect(await admin.miniPrograms.manualTemplates.delete({ platformId, id: general.id })).toMatchObject({
      id: general.id,
      templateId: '101',
    });
    expect(
      (await viewer.miniPrograms.manualTemplates.list({ platformId, provider: 'providerA' })).data.map((t) => t.id),
    ).toEqual([forSeller.id]);
    expect(await failure(admin.miniPrograms.manualTemplates.delete({ platformId, id: general.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    // Once deleted, the same template may be entered again.
    expect(
      (
        await admin.miniPrograms.manualTemplates.create({
          platformId,
          provider: 'providerA',
          templateId: '101',
          userVersion: '1.0.0',
        })
      ).id,
    ).not.toBe(general.id);
  });

  it('lists manual templates in manual mode for a seller plus those for every seller; REST answers the same', async () => {
    const shop = await team();
    const { platformId } = shop;
    const admin = shop.as('admin');
    const create = (provider: Provider, templateId: string, tenantId?: string) =>
      admin.miniPrograms.manualTemplates.create({
        platformId,
        provider,
        templateId,
        userVersion: '2.0.0',
        userDesc: `模板 ${templateId}`,
        tenantId,
      });
    await create('providerA', 'all');
    await create('providerA', 's1', 'seller-1');
    await create('providerA', 's2', 'seller-2');
    await create('providerB', 'b-all');
    await setPlatformConfig(
      { db: database().db, platformId, actor: 'test' },
      { key: 'miniprogram.template_mode', value: 'manual' },
    );

    const viewer = shop.as('viewer');
    const ids = async (platform: Provider, tenant: string) => {
      const listed = await viewer.miniPrograms.templates({ platformId, platform, tenant_id: tenant });
      expect(listed.mode).toBe('manual');
      return listed.templates.map((t) => t.templateId);
    };
    expect(await ids('providerA', 'seller-1')).toEqual(['all', 's1']);
    expect(await ids('providerA', 'seller-2')).toEqual(['all', 's2']);
    expect(await ids('providerA', 'seller-3')).toEqual(['all']);
    expect(await ids('providerB', 'seller-1')).toEqual(['b-all']);
    const element = (await viewer.miniPrograms.templates({ platformId, platform: 'providerA', tenant_id: 'seller-1' }))
      .templates[1]!;
    expect(element).toMatchObject({
      templateId: 's1',
      userVersion: '2.0.0',
      userDesc: '模板 s1',
      tenantId: 'seller-1',
    });
    expect(new Date(element.createdAt).toISOString()).toBe(element.createdAt);

    const rest = await miniProgramApi(shop.apiKey).templates('providerA', 'seller-1');
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(
      JSON.parse(
        JSON.stringify(
          await viewer.miniPrograms.templates({ platformId, platform: 'providerA', tenant_id: 'seller-1' }),
        ),
      ),
    );

    // A per-provider key overrides the platform-wide mode: providerB lists the sandbox's template library again.
    await setPlatformConfig(
      { db: database().db, platformId, actor: 'test' },
      { key: 'miniprogram.template_mode.providerB', value: 'upstream' },
    );
    const upstream = await viewer.miniPrograms.templates({ platformId, platform: 'providerB', tenant_id: 'seller-1' });
    expect(upstream.mode).toBe('upstream');
    expect(upstream.templates.length).toBeGreaterThan(0);
    expect(upstream.templates.map((t) => t.templateId)).not.toContain('b-all');
  });

  it('gives a viewer read access only, hides other platforms (NOT_FOUND) and requires a session', async () => {
    const { platformId } = main;
    const viewer = main.as('viewer');
    expect((await viewer.miniPrograms.authorizers({ platformId })).object).toBe('list');
    const start = { platformId, platform: 'providerA' as const, redirectUri };
    expect(await failure(viewer.miniPrograms.startAuthorization(start))).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await failure(
        viewer.miniPrograms.release({ platformId, platform: 'providerA', authorizerAppId: 'wx0000000000000000' }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await failure(
        viewer.miniPrograms.manualTemplates.create({
          platformId,
          provider: 'providerA',
          templateId: '9',
          userVersion: '9',
        }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await failure(viewer.miniPrograms.deleteAuthorizer({ platformId, appId: 'wx0000000000000000' })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    const operator = main.as('operator');
    expect(
      await failure(
        operator.miniPrograms.release({ platformId, platform: 'providerA', authorizerAppId: 'wx0000000000000000' }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await failure(
        operator.miniPrograms.rollback({ platformId, platform: 'providerA', authorizerAppId: 'wx0000000000000000' }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(operator.miniPrograms.manualTemplates.delete({ platformId, id: 'mpt_x' }))).toMatchObject({
      code: 'FORBIDDEN',
    });

    const elsewhere = other.platformId;
    expect(await failure(viewer.miniPrograms.authorizers({ platformId: elsewhere }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await failure(viewer.miniPrograms.manualTemplates.list({ platformId: elsewhere }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await failure(viewer.miniPrograms.startAuthorization({ ...start, platformId: elsewhere }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const anonymous = createCallerFactory(appRouter)({ operatorId: null, db: database().db, requestId: 'req_test' });
    expect(await failure(anonymous.miniPrograms.authorizers({ platformId }))).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  for (const provider of providers) {
    it(`lets an operator start a ${provider} authorization: authUrl${provider === 'providerA' ? ' and mobileAuthUrl' : ', no mobileAuthUrl'}`, async () => {
      const started = await main.as('operator').miniPrograms.startAuthorization({
        platformId: main.platformId,
        platform: provider,
        redirectUri,
        tenantId: 'seller-9',
      });
      expect(new URL(started.authUrl).protocol).toMatch(/^https?:$/);
      expect(started.state).toHaveLength(32);
      expect(new Date(started.expiresAt).getTime()).toBeGreaterThan(Date.now());
      if (provider === 'providerA') {
        expect(new URL(started.mobileAuthUrl!).protocol).toMatch(/^https?:$/);
        expect(decodeURIComponent(started.authUrl)).toContain(`state=${started.state}`);
      } else {
        expect(started).not.toHaveProperty('mobileAuthUrl');
      }
      const refused = await failure(
        main.as('operator').miniPrograms.startAuthorization({
          platformId: main.platformId,
          platform: provider,
          redirectUri: 'http://seller.example.com/',
        }),
      );
      expect(refused).toEqual({ code: 'BAD_REQUEST', appCode: 'invalid_request' });
    });

    it(`runs the ${provider} cycle from the console: authorizer, commit, audit, release, versions, experience, members, delete`, async () => {
      const { platformId } = main;
      const [viewer, operator, admin] = [main.as('viewer'), main.as('operator'), main.as('admin')];
      const started = await operator.miniPrograms.startAuthorization({
        platformId,
        platform: provider,
        redirectUri,
        tenantId: `console-${provider}`,
      });
      const granted = await sandbox.control(main.apiKey, 'POST', `/${provider}/authorizations`, {
        state: started.state,
      });
      const done = await miniProgramApi(main.apiKey).callback(
        provider,
        new URL(granted.body!.redirectUrl as string).searchParams.toString(),
      );
      expect(done.status).toBe(200);
      const appId = done.body.appId as string;

      expect((await viewer.miniPrograms.authorizers({ platformId })).data.map((a) => a.appId)).toContain(appId);
      expect(await viewer.miniPrograms.authorizer({ platformId, appId })).toMatchObject({
        appId,
        platform: provider,
        status: 'authorized',
        tenantId: `console-${provider}`,
      });

      const template = (await viewer.miniPrograms.templates({ platformId, platform: provider })).templates[0]!;
      const commit = await operator.miniPrograms.commit({
        platformId,
        platform: provider,
        authorizerAppId: appId,
        templateId: template.templateId,
        extJson: extJsonFor(appId),
        userVersion: '3.0.0',
        userDesc: '控制台提交',
      });
      expect(commit).toMatchObject({ object: 'commit', authorizerAppId: appId, userVersion: '3.0.0' });
      expect(
        await failure(
          operator.miniPrograms.commit({
            platformId,
            platform: provider,
            authorizerAppId: appId,
            templateId: template.templateId,
            extJson: '{}',
            userVersion: '3.0.1',
          }),
        ),
      ).toMatchObject({
        code: 'BAD_REQUEST',
      });
      const { auditId } = await operator.miniPrograms.submitAudit({
        platformId,
        platform: provider,
        authorizerAppId: appId,
        itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
        // WeChat's declarations travel through tRPC too (Alipay has no such fields and does not get them).
        ugcDeclare: { scene: [4], method: [1] },
        orderPath: 'pages/orders/index',
      });
      if (provider === 'providerA')
        expect((await sandbox.store(platformId).get<Audit>(KIND.audit, auditId))?.declared).toMatchObject({
          ugc_declare: { scene: [4], method: [1] },
          order_path: 'pages/orders/index',
        });
      expect(
        await viewer.miniPrograms.auditStatus({ platformId, platform: provider, auditId, authorizerAppId: appId }),
      ).toEqual({ auditId, status: 'pending' });
      expect(
        await failure(admin.miniPrograms.release({ platformId, platform: provider, authorizerAppId: appId })),
      ).toEqual({ code: 'CONFLICT', appCode: 'audit_not_approved' });

      expect(
        (
          await sandbox.control(main.apiKey, 'POST', `/${provider}/audits/${encodeURIComponent(auditId)}`, {
            decision: 'approve',
          })
        ).status,
      ).toBe(200);
      expect(
        await viewer.miniPrograms.auditStatus({ platformId, platform: provider, auditId, authorizerAppId: appId }),
      ).toEqual({ auditId, status: 'approved' });
      expect(
        await admin.miniPrograms.release({ platformId, platform: provider, authorizerAppId: appId }),
      ).toMatchObject({ auditId, userVersion: '3.0.0', replayed: false });
      expect(
        JSON.stringify(await viewer.miniPrograms.versions({ platformId, platform: provider, authorizerAppId: appId })),
      ).toContain('3.0.0');
      expect(
        Object.keys(await viewer.miniPrograms.baseinfo({ platformId, platform: provider, authorizerAppId: appId }))
          .length,
      ).toBeGreaterThan(0);
      const experience = await operator.miniPrograms.experience({
        platformId,
        platform: provider,
        authorizerAppId: appId,
      });
      expect(experience.version).toBe('3.0.0');
      expect(Buffer.from(experience.qrCodePngBase64!, 'base64').subarray(1, 4).toString()).toBe('PNG');
      const member = provider === 'providerA' ? 'qa_tester_01' : 'qa@example.com';
      expect(
        (
          await operator.miniPrograms.members({
            platformId,
            platform: provider,
            authorizerAppId: appId,
            action: 'bind',
            member,
          })
        ).members.length,
      ).toBeGreaterThan(0);

      // A second release, then a rollback: our records say 3.0.0 is live again, and 3.1.0 was rolled back.
      await operator.miniPrograms.commit({
        platformId,
        platform: provider,
        authorizerAppId: appId,
        templateId: template.templateId,
        extJson: extJsonFor(appId),
        userVersion: '3.1.0',
        userDesc: '第二个版本',
      });
      const second = await operator.miniPrograms.submitAudit({
        platformId,
        platform: provider,
        authorizerAppId: appId,
        itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
      });
      await sandbox.control(main.apiKey, 'POST', `/${provider}/audits/${encodeURIComponent(second.auditId)}`, {
        decision: 'approve',
      });
      await admin.miniPrograms.release({ platformId, platform: provider, authorizerAppId: appId });
      expect(await admin.miniPrograms.rollback({ platformId, platform: provider, authorizerAppId: appId })).toEqual({
        rolledBack: true,
      });
      const { audits } = await viewer.sellerAuthorization.authorizerAudits({ platformId, platform: provider, appId });
      const live = audits.filter((a) => a.releasedAt && !a.rolledBackAt).map((a) => a.userVersion);
      expect(live[0]).toBe('3.0.0');
      expect(audits.find((a) => a.userVersion === '3.1.0')?.rolledBackAt).toBeDefined();

      expect(await admin.miniPrograms.deleteAuthorizer({ platformId, appId })).toEqual({ appId, deleted: true });
      expect(await failure(viewer.miniPrograms.authorizer({ platformId, appId }))).toEqual({
        code: 'NOT_FOUND',
        appCode: 'not_found',
      });
      expect(
        await failure(
          other
            .as('admin')
            .miniPrograms.baseinfo({ platformId: other.platformId, platform: provider, authorizerAppId: appId }),
        ),
      ).toMatchObject({ code: 'NOT_FOUND' });
    });
  }
});
