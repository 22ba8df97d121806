import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import * as messageRoute from '@/app/callbacks/providerA/message/[appId]/route';
import { eventDeliveries, events, mpAudits, mpAuthorizations, mpAuthorizers } from '@/server/db/schema';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { deliverComponentPush } from '@/sandbox/mini-program-pushes';
import { buildPush, revokeAuthorization } from '@/sandbox/providerA/component';
import { KIND, type Audit } from '@/sandbox/providerA/component/state';
import { operations } from '@/app/operations';
import { buildOpenApiDocument } from '@/server/openapi/build-document';
import { sandboxNamespace } from '@/server/config/sandbox-namespace';
import { providerAComponentSandboxConfig } from '@/sandbox/sandbox-context';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { extJsonFor, miniProgramApi } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import type { Provider } from '@/domain/providers';

describeEachDatabase('mini programs: bad input, isolation, pushes and tokens', (database) => {
  const sandbox = useSandboxOverHttp();
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  let api: ReturnType<typeof miniProgramApi>;
  let appId = '';

  async function authorize(provider: Provider, client = api) {
    const started = await client.authorize({ platform: provider, redirectUri: 'https://seller.example.com/back' });
    const granted = await sandbox.control(platform.apiKey, 'POST', `/${provider}/authorizations`, {
      state: started.body.state,
    });
    const query = new URL(granted.body!.redirectUrl as string).searchParams;
    return { state: started.body.state as string, query, done: await client.callback(provider, query.toString()) };
  }

  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    api = miniProgramApi(platform.apiKey);
    await sandbox.control(platform.apiKey, 'POST', '/providerA/ticket');
    appId = (await authorize('providerA')).done.body.appId;
  });

  it('refuses unknown, expired and other platforms’ states with 400 invalid_state (reuse → 409 is in the flow suite)', async () => {
    expect((await api.callback('providerA', 'auth_code=x&state=never-issued')).body.code).toBe('invalid_state');
    const other = await createPlatformWithKey(database().db);
    const { query } = await (async () => {
      const started = await api.authorize({ platform: 'providerA', redirectUri: 'https://seller.example.com/back' });
      const granted = await sandbox.control(platform.apiKey, 'POST', '/providerA/authorizations', {
        state: started.body.state,
      });
      return { query: new URL(granted.body!.redirectUrl as string).searchParams };
    })();
    expect((await miniProgramApi(other.apiKey).callback('providerA', query.toString())).body.code).toBe(
      'invalid_state',
    );
    await database()
      .db.update(mpAuthorizations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(mpAuthorizations.usedAt, sql`null`));
    const expired = await api.authorize({ platform: 'providerB', redirectUri: 'https://seller.example.com/back' });
    await database()
      .db.update(mpAuthorizations)
      .set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await api.callback('providerB', `auth_code=x&state=${expired.body.state}`)).body.code).toBe(
      'invalid_state',
    );
  });

  it('refuses redirect URIs that are not https or are off the allowlist, and unknown platforms', async () => {
    const bad = await api.authorize({ platform: 'providerA', redirectUri: 'http://seller.example.com/back' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].pointer).toBe('/redirectUri');
    expect((await api.authorize({ platform: 'providerA', redirectUri: 'http://localhost:8080/back' })).status).toBe(
      201,
    );
    await setPlatformConfig(
      { db: database().db, platformId: platform.platformId, actor: 'test' },
      { key: 'miniprogram.redirect_uri_allowlist', value: 'shop.example.com, *.partner.example.com' },
    );
    expect((await api.authorize({ platform: 'providerA', redirectUri: 'https://evil.example.net/x' })).body.code).toBe(
      'invalid_request',
    );
    expect(
      (await api.authorize({ platform: 'providerA', redirectUri: 'https://a.partner.example.com/x' })).status,
    ).toBe(201);
    await setPlatformConfig(
      { db: database().db, platformId: platform.platformId, actor: 'test' },
      { key: 'miniprogram.redirect_uri_allowlist', value: null },
    );
    expect((await api.authorize({ platform: 'providerC', redirectUri: 'https://shop.example.com/x' })).status).toBe(
      400,
    );
    expect((await api.commit('providerC', {})).status).toBe(404);
  });

  it('refuses malformed extJson with 400 before any upstream call', async () => {
    // Any upstream call would now fail with 502: a 400 proves validation came first.
    await sandbox.control(platform.apiKey, 'PUT', '/faults', [{ provider: 'providerA', status: 500 }]);
    for (const extJson of [
      '{not json',
      JSON.stringify({ extEnable: 'yes', extAppid: appId, ext: {}, window: {} }),
      JSON.stringify([1]),
    ]) {
      const response = await api.commit('providerA', {
        authorizerAppId: appId,
        templateId: '1',
        extJson,
        userVersion: '1.0.0',
        userDesc: 'x',
      });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].pointer).toBe('/extJson');
    }
    await sandbox.control(platform.apiKey, 'DELETE', '/faults');
  });

  it('without an audit notify URL an approval is recorded and nothing is sent', async () => {
    const template = (await api.templates('providerA')).body.templates[0];
    await api.commit('providerA', {
      authorizerAppId: appId,
      templateId: template.templateId,
      extJson: extJsonFor(appId),
      userVersion: '3.0.0',
      userDesc: 'v3',
    });
    const { auditId } = (await api.submitAudit('providerA', { authorizerAppId: appId })).body;
    await sandbox.control(platform.apiKey, 'POST', `/providerA/audits/${auditId}`, { decision: 'approve' });
    expect((await api.auditStatus('providerA', auditId, appId)).body.status).toBe('approved');
    const platformEvents = await database().db.select().from(events).where(eq(events.platformId, platform.platformId));
    expect(platformEvents.some((e) => e.type === 'miniprogram.audit.approved')).toBe(true);
    expect(
      await database().db.select().from(eventDeliveries).where(eq(eventDeliveries.platformId, platform.platformId)),
    ).toHaveLength(0);
  });

  it('a tampered audit push is refused (401); an exact replay of a handled one answers success and changes nothing', async () => {
    const template = (await api.templates('providerA')).body.templates[0];
    await api.commit('providerA', {
      authorizerAppId: appId,
      templateId: template.templateId,
      extJson: extJsonFor(appId),
      userVersion: '3.1.0',
      userDesc: 'v3.1',
    });
    const { auditId } = (await api.submitAudit('providerA', { authorizerAppId: appId })).body;
    const config = await providerAComponentSandboxConfig(sandboxNamespace(platform.platformId));
    const push = buildPush(
      config,
      {
        type: 'weapp_audit_success',
        toUserName: 'gh_sandbox',
        fromUserName: 'system',
        createTime: Math.floor(Date.now() / 1000),
        succTime: 1,
      },
      { authorizerAppId: appId },
    );
    const send = (body: string) =>
      messageRoute.POST(
        new Request(`http://localhost/callbacks/providerA/message/${appId}?${new URLSearchParams(push.query)}`, {
          method: 'POST',
          body,
        }),
      );
    const tampered = push.body.replace(
      /<Encrypt><!\[CDATA\[(.)/,
      (_m, c: string) => `<Encrypt><![CDATA[${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await send(tampered)).status).toBe(401);
    expect((await database().db.select().from(mpAudits).where(eq(mpAudits.auditId, auditId)))[0]!.status).toBe(
      'pending',
    );
    expect((await send(push.body)).status).toBe(200);
    expect((await database().db.select().from(mpAudits).where(eq(mpAudits.auditId, auditId)))[0]!.status).toBe(
      'approved',
    );
    // An exact replay of a handled push: "success" (WeChat retries anything else), and nothing happens again.
    const eventsBefore = await database().db.select().from(events);
    const replay = await send(push.body);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe('success');
    expect(await database().db.select().from(events)).toHaveLength(eventsBefore.length);
    expect((await database().db.select().from(mpAudits).where(eq(mpAudits.auditId, auditId)))[0]!.status).toBe(
      'approved',
    );
  });

  it('submit-audit passes WeChat’s ugcDeclare, previewInfo and orderPath on, and refuses a wrong shape with pointers', async () => {
    const seller = (await authorize('providerA')).done.body.appId as string;
    const template = (await api.templates('providerA')).body.templates[0];
    await api.commit('providerA', {
      authorizerAppId: seller,
      templateId: template.templateId,
      extJson: extJsonFor(seller),
      userVersion: '4.0.0',
      userDesc: 'v4',
    });
    const bad = await api.submitAudit('providerA', {
      authorizerAppId: seller,
      ugcDeclare: { scene: [0, 2], method: [7] },
      previewInfo: { picIdList: [''], gif: [] },
      orderPath: '',
    });
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { pointer: string }[]).map((e) => e.pointer).sort()).toEqual(
      [
        '/orderPath',
        '/previewInfo/gif',
        '/previewInfo/picIdList/0',
        '/ugcDeclare/method/0',
        '/ugcDeclare/scene',
      ].sort(),
    );

    const declarations = {
      ugcDeclare: { scene: [1, 2, 4], method: [1, 3], hasAuditTeam: 1, auditDesc: '机审加人工复核' },
      previewInfo: { videoIdList: ['video-media-1'], picIdList: ['pic-media-1', 'pic-media-2'] },
      orderPath: 'pages/orders/index',
    };
    const submitted = await api.submitAudit('providerA', { authorizerAppId: seller, ...declarations });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const audit = await sandbox.store(platform.platformId).get<Audit>(KIND.audit, submitted.body.auditId as string);
    expect(audit?.declared).toEqual({
      ugc_declare: { scene: [1, 2, 4], method: [1, 3], has_audit_team: 1, audit_desc: '机审加人工复核' },
      preview_info: { video_id_list: ['video-media-1'], pic_id_list: ['pic-media-1', 'pic-media-2'] },
      order_path: 'pages/orders/index',
    });

    const operation = buildOpenApiDocument(operations, 'http://localhost').paths[
      '/v1/miniprogram/{platform}/submit-audit'
    ]?.post;
    const schema = JSON.stringify(operation);
    for (const field of ['ugcDeclare', 'previewInfo', 'orderPath', 'hasAuditTeam', 'picIdList'])
      expect(schema).toContain(field);
  });

  it('an authorizer token that expires upstream mid-flow is refreshed transparently', async () => {
    const before = (await database().db.select().from(mpAuthorizers).where(eq(mpAuthorizers.appId, appId)))[0]!;
    expect(
      (await sandbox.control(platform.apiKey, 'POST', '/providerA/tokens/expire', { authorizerAppId: appId })).status,
    ).toBe(200);
    const info = await api.baseinfo('providerA', appId);
    expect(info.status).toBe(200);
    const after = (await database().db.select().from(mpAuthorizers).where(eq(mpAuthorizers.appId, appId)))[0]!;
    expect(after.accessTokenEnc).not.toBe(before.accessTokenEnc);
  });

  it('experience QR, members and versions answer through the authorizer', async () => {
    const qr = await api.experience('providerA', appId);
    expect(qr.status).toBe(200);
    expect(Buffer.from(qr.body.qrCodePngBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const members = await api.members('providerA', {
      authorizerAppId: appId,
      action: 'bind',
      member: 'tester_wechat_1',
    });
    expect(members.status).toBe(200);
    expect(members.body.members.length).toBeGreaterThan(0);
    expect((await api.versions('providerA', appId)).status).toBe(200);
  });

  it('another platform’s key gets 404 on every authorizer endpoint', async () => {
    const stranger = miniProgramApi((await createPlatformWithKey(database().db)).apiKey);
    const results = [
      await stranger.authorizer(appId),
      await stranger.deleteAuthorizer(appId),
      await stranger.commit('providerA', {
        authorizerAppId: appId,
        templateId: '1',
        extJson: extJsonFor(appId),
        userVersion: '9.0.0',
        userDesc: 'x',
      }),
      await stranger.submitAudit('providerA', { authorizerAppId: appId }),
      await stranger.auditStatus('providerA', 'any', appId),
      await stranger.release('providerA', appId),
      await stranger.rollback('providerA', appId),
      await stranger.versions('providerA', appId),
      await stranger.baseinfo('providerA', appId),
      await stranger.experience('providerA', appId),
      await stranger.members('providerA', { authorizerAppId: appId, action: 'bind', member: 'x' }),
    ];
    expect(results.map((r) => r.status)).toEqual(Array(results.length).fill(404));
    expect((await stranger.authorizers()).body.data).toHaveLength(0);
  });

  it('an "unauthorized" push marks the authorizer unauthorized; DELETE removes it', async () => {
    const store = sandbox.store(platform.platformId);
    const config = await providerAComponentSandboxConfig(sandboxNamespace(platform.platformId));
    await deliverComponentPush(
      buildPush(config, await revokeAuthorization(store, { authorizerAppId: appId }, { config })),
    );
    expect((await api.authorizer(appId)).body.status).toBe('unauthorized');
    expect((await api.baseinfo('providerA', appId)).status).toBe(409);
    expect((await api.deleteAuthorizer(appId)).status).toBe(204);
    expect((await api.authorizer(appId)).status).toBe(404);
  });
});
