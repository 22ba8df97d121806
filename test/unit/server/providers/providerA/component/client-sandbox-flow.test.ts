import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPush, decideAudit, grantAuthorization } from '@/sandbox/providerA/component';
import { AppError } from '@/server/errors';
import { KIND, type Audit } from '@/sandbox/providerA/component/state';
import type { SubmitAuditInput } from '@/server/providers/providerA/component/code-input';
import { parseComponentPush } from '@/server/providers/providerA/component/parse-push';
import { startClientsAgainstSandbox } from '../../../../../support/providerA-component-clients';

const extJson = JSON.stringify({
  extEnable: true,
  extAppid: 'wx0123456789abcdef',
  ext: { shopId: 'shop_1' },
  window: { navigationBarTitleText: 'Shop' },
});

describe('component + code clients against the sandbox over HTTP: the whole hosting flow', () => {
  let env: Awaited<ReturnType<typeof startClientsAgainstSandbox>>;
  let accessToken = '';
  let refreshToken = '';
  let auditId = '';
  const appId = 'wx0123456789abcdef';

  beforeAll(async () => {
    env = await startClientsAgainstSandbox();
  });
  afterAll(async () => env.sandbox.close());

  it('ticket push → component token (cached until near expiry)', async () => {
    const parsed = await env.pushTicket();
    expect(parsed.event).toMatchObject({
      type: 'component_verify_ticket',
      componentAppId: env.sandbox.config.componentAppId,
    });
    const token = await env.component.componentAccessToken();
    expect(token.length).toBeGreaterThan(20);
    expect(await env.component.componentAccessToken()).toBe(token);
    expect(env.tokenFetches.count).toBe(1);
    env.sandbox.clock.advance(7200 - 590); // inside the 600-second refresh margin
    expect(await env.component.componentAccessToken()).not.toBe(token);
    expect(env.tokenFetches.count).toBe(2);
  });

  let authUrl = '';
  it('pre-auth code → PC and mobile authorization links exactly as C.6', async () => {
    const { preAuthCode, expiresIn } = await env.component.createPreAuthCode();
    expect(preAuthCode).toMatch(/^preauthcode@@@/);
    expect(expiresIn).toBe(600);
    const redirectUri = 'https://platform.example/cb?state=s_123&x=1';
    const urls = env.component.authUrls({ preAuthCode, redirectUri });
    const params = `component_appid=${env.sandbox.config.componentAppId}&pre_auth_code=${encodeURIComponent(preAuthCode)}&redirect_uri=${encodeURIComponent(redirectUri)}&auth_type=2`;
    expect(urls.authUrl).toBe(`${env.sandbox.baseUrl}/sandbox/providerA/authorize?${params}`);
    expect(urls.mobileAuthUrl).toBe(
      `${env.sandbox.baseUrl}/sandbox/providerA/authorize/mobile?action=bindcomponent&no_scan=1&${params}#wechat_redirect`,
    );
    authUrl = urls.authUrl;
  });

  it('the seller authorizes → redirect with auth_code → queryAuth → authorizer info', async () => {
    const grant = await grantAuthorization(
      env.sandbox.store,
      { authUrl, appId, nickname: 'Test Shop' },
      { config: env.sandbox.config, now: env.sandbox.clock.now },
    );
    const redirect = new URL(grant.redirectUrl);
    expect(redirect.searchParams.get('state')).toBe('s_123');
    expect(redirect.searchParams.get('expires_in')).toBe('3600');
    const authCode = redirect.searchParams.get('auth_code')!;
    expect(grant.event.type).toBe('authorized');

    // The authorized push carries the same code.
    const push = buildPush(env.sandbox.config, grant.event, { now: env.sandbox.clock.now });
    const parsed = await parseComponentPush({
      body: push.body,
      query: push.query,
      credentials: env.credentials,
      now: env.sandbox.clock.now,
    });
    expect(parsed.event).toMatchObject({ type: 'authorized', authorizerAppId: appId, authorizationCode: authCode });

    const tokens = await env.component.queryAuth(authCode);
    expect(tokens).toMatchObject({ authorizerAppId: appId, expiresIn: 7200, funcInfo: [17, 18, 30, 86] });
    accessToken = tokens.accessToken;
    refreshToken = tokens.refreshToken;
    await expect(env.component.queryAuth(authCode)).rejects.toMatchObject({
      code: 'upstream_rejected',
      errors: [expect.objectContaining({ code: 'providerA_61010' })],
    });

    const info = await env.component.getAuthorizerInfo(appId);
    expect(info).toMatchObject({
      nickname: 'Test Shop',
      principalName: 'Sandbox Trading Co., Ltd.',
      isMiniProgram: true,
      funcInfo: [17, 18, 30, 86],
    });
    expect(info.userName).toMatch(/^gh_/);
    const basic = await env.code.getAccountBasicInfo({ accessToken });
    expect(basic).toMatchObject({ appId, accountType: 3, nickname: 'Test Shop', realnameStatus: 1 });
  });

  it('refreshAuthorizerToken gives a new working access token and keeps the refresh token', async () => {
    const refreshed = await env.component.refreshAuthorizerToken(appId, refreshToken);
    expect(refreshed.refreshToken).toBe(refreshToken);
    expect(refreshed.accessToken).not.toBe(accessToken);
    accessToken = refreshed.accessToken;
    await expect(env.component.refreshAuthorizerToken(appId, 'wrong')).rejects.toMatchObject({
      code: 'upstream_rejected',
      errors: [expect.objectContaining({ code: 'providerA_61023' })],
    });
  });

  it('templates → commit (bad ext_json refused) → experience QR as PNG', async () => {
    const templates = await env.code.listTemplates();
    expect(templates.map((t) => t.templateId)).toEqual(['1', '2']);
    expect(templates[0]).toMatchObject({ userVersion: 'V1.0.0', templateType: 0 });

    await expect(
      env.code.commit({ accessToken, templateId: 1, extJson: '{not json', userVersion: 'V1.0.0', userDesc: 'first' }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      errors: [expect.objectContaining({ pointer: '/extJson' })],
    });
    // Valid JSON the upstream refuses: a page the template does not have (85045).
    await expect(
      env.code.commit({
        accessToken,
        templateId: 1,
        extJson: JSON.stringify({ pages: ['pages/nope'] }),
        userVersion: 'V1.0.0',
        userDesc: 'first',
      }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      errors: [expect.objectContaining({ pointer: '/extJson', code: 'providerA_85045' })],
    });
    await expect(
      env.code.commit({ accessToken, templateId: 99, extJson, userVersion: 'V1.0.0', userDesc: 'first' }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      errors: [expect.objectContaining({ pointer: '/templateId', code: 'providerA_85014' })],
    });
    await env.code.commit({ accessToken, templateId: 1, extJson, userVersion: 'V1.0.0', userDesc: 'first' });

    const png = await env.code.getQrcode({ accessToken, path: 'pages/index/index?from=qr' });
    expect(Buffer.from(png.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(100);
    expect(await env.code.getPages({ accessToken })).toContain('pages/index/index');
  });

  it('submitAudit → pending → sandbox approves → the push parses → approved', async () => {
    ({ auditId } = await env.code.submitAudit({ accessToken, versionDesc: 'first release' }));
    expect(auditId).toMatch(/^\d+$/);
    expect(await env.code.getAuditStatus({ accessToken, auditId })).toEqual({ status: 'pending' });
    await expect(env.code.release({ accessToken })).rejects.toMatchObject({ code: 'audit_not_approved', status: 409 });

    const decided = await decideAudit(
      env.sandbox.store,
      { auditId, decision: 'approve' },
      { now: env.sandbox.clock.now },
    );
    expect(decided.authorizerAppId).toBe(appId);
    const push = buildPush(env.sandbox.config, decided.event, {
      now: env.sandbox.clock.now,
      authorizerAppId: decided.authorizerAppId,
    });
    expect(push.target).toBe('message');
    const parsed = await parseComponentPush({
      body: push.body,
      query: push.query,
      credentials: env.credentials,
      now: env.sandbox.clock.now,
    });
    const info = await env.component.getAuthorizerInfo(appId);
    expect(parsed.event).toMatchObject({ type: 'weapp_audit_success', toUserName: info.userName });
    expect(await env.code.getAuditStatus({ accessToken, auditId })).toEqual({ status: 'approved' });
  });

  it('release → getVersionInfo shows experience, audit and release', async () => {
    await env.code.release({ accessToken });
    await expect(env.code.release({ accessToken })).rejects.toMatchObject({ code: 'conflict' });
    const versions = await env.code.getVersionInfo({ accessToken });
    expect(versions.release).toMatchObject({ version: 'V1.0.0', description: 'first' });
    expect(versions.experience).toMatchObject({ version: 'V1.0.0' });
    expect(versions.audit).toMatchObject({ auditId, status: 'approved', userVersion: 'V1.0.0' });
  });

  it('revertCodeRelease is refused with one release, works after a second, and only once', async () => {
    await expect(env.code.revertCodeRelease({ accessToken })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('87012'),
    });
    await env.code.commit({ accessToken, templateId: 2, extJson, userVersion: 'V1.1.0', userDesc: 'second' });
    const second = await env.code.submitAudit({ accessToken });
    await decideAudit(env.sandbox.store, { auditId: second.auditId, decision: 'approve' });
    await env.code.release({ accessToken });
    expect((await env.code.getVersionInfo({ accessToken })).release?.version).toBe('V1.1.0');
    await env.code.revertCodeRelease({ accessToken });
    expect((await env.code.getVersionInfo({ accessToken })).release?.version).toBe('V1.0.0');
    await expect(env.code.revertCodeRelease({ accessToken })).rejects.toBeInstanceOf(AppError);
  });

  it('bind, list and unbind a tester', async () => {
    const { userStr } = await env.code.bindTester({ accessToken, wechatId: 'tester_001' });
    expect(userStr).toMatch(/^[0-9a-f]{32}$/);
    await expect(env.code.bindTester({ accessToken, wechatId: 'tester_001' })).rejects.toMatchObject({
      code: 'invalid_request',
      errors: [expect.objectContaining({ code: 'providerA_85004' })],
    });
    expect(await env.code.listTesters({ accessToken })).toEqual([{ userStr }]);
    await env.code.unbindTester({ accessToken, userStr });
    expect(await env.code.listTesters({ accessToken })).toEqual([]);
  });

  it('submit_audit: the sandbox refuses a wrongly shaped declaration (47001) and keeps a right one as sent', async () => {
    // Our API refuses these shapes first; sent anyway, the upstream answers 47001 naming the field.
    const wrong: [string, SubmitAuditInput][] = [
      ['ugc_declare.scene', { ugcDeclare: { scene: [9] } }],
      ['ugc_declare.method', { ugcDeclare: { scene: [2], method: [0] } }],
      ['ugc_declare.has_audit_team', { ugcDeclare: { scene: [2], hasAuditTeam: 2 as 1 } }],
      ['preview_info.pic_id_list', { previewInfo: { picIdList: [7 as unknown as string] } }],
      ['order_path', { orderPath: '' }],
    ];
    for (const [field, input] of wrong) {
      const error = await env.code.submitAudit({ accessToken, ...input }).catch((e: unknown) => e as AppError);
      expect(error, field).toBeInstanceOf(AppError);
      expect((error as AppError).message, field).toContain(`47001: data format error: ${field}`);
    }
    const { auditId: declaredAudit } = await env.code.submitAudit({
      accessToken,
      ugcDeclare: { scene: [0] },
      previewInfo: { picIdList: ['pic-1'] },
      orderPath: 'pages/orders/index',
    });
    expect((await env.sandbox.store.get<Audit>(KIND.audit, declaredAudit))?.declared).toEqual({
      ugc_declare: { scene: [0] },
      preview_info: { pic_id_list: ['pic-1'] },
      order_path: 'pages/orders/index',
    });
  });
});
