import { AppError } from '@/server/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miniAuditId, parseAppAuthUrl } from '@/server/providers/providerB/mini';
import {
  buildMiniAuditMessage,
  decideMiniAudit,
  grantAppAuthorization,
  MINI_KINDS,
  renderAuthorizePage,
  SANDBOX_MINI_TEMPLATES,
  type SandboxMiniVersion,
} from '@/sandbox/providerB/mini/index';
import {
  EXT_JSON,
  startMiniSandbox,
  submitVersion,
  TEMPLATE_ID,
  VERSION_DESC,
  type MiniSandboxHarness,
} from '../../../../support/providerB-mini-sandbox';

let h: MiniSandboxHarness;
beforeAll(async () => {
  h = await startMiniSandbox();
});
afterAll(() => h.close());

describe('providerB mini program: client ↔ sandbox over HTTP, whole journey', () => {
  const redirectUri = 'https://isv.example.com/alipay/callback?tenant=t1';
  const state = 'c2FuZGJveC1zdGF0ZS0xMjM0NTY3ODkw';
  const merchant = { authAppId: '', token: '', refresh: '' };

  it('authorization link → sandbox page → grant → redirect with app_auth_code and state', async () => {
    const authUrl = h.mini.authUrl({ redirectUri, state });
    expect(authUrl.startsWith(`${h.authBaseUrl}?bizData=`)).toBe(true);
    const link = parseAppAuthUrl(authUrl);
    expect(link).toMatchObject({ isvAppId: h.keys.appId, redirectUri, state });

    const html = renderAuthorizePage({
      appId: link.isvAppId,
      redirectUri: link.redirectUri,
      state: link.state,
      action: '/sandbox/providerB/authorize',
      locale: 'zh-CN',
    });
    expect(html).toContain('<form method="post" action="/sandbox/providerB/authorize">');
    expect(html).toContain(`name="state" value="${state}"`);
    expect(html).toContain('redirect_uri" value="https://isv.example.com/alipay/callback?tenant=t1"');
    // Chinese by default, like the seller pages; English for a seller who chose it there.
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toMatch(/<button type="submit">授权<\/button>/);
    expect(html).toContain('<title>沙箱 · 支付宝应用授权</title>');
    expect(html).not.toMatch(/>[^<]*(providerB|Authorize)[^<]*</); // no code name or English in the text
    const english = renderAuthorizePage({ appId: link.isvAppId, redirectUri: link.redirectUri, locale: 'en' });
    expect(english).toMatch(/<button type="submit">Authorize<\/button>/);
    expect(english).toContain('<label for="nickname">Mini program name (optional)</label>');

    const grant = await grantAppAuthorization(
      h.store,
      { authUrl, nickname: '示例小店' },
      { keys: h.keys, now: () => h.clock.now },
    );
    const back = new URL(grant.redirectUrl);
    expect(`${back.origin}${back.pathname}`).toBe('https://isv.example.com/alipay/callback');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      tenant: 't1',
      app_id: h.keys.appId,
      source: 'alipay_app_auth',
      app_auth_code: grant.appAuthCode,
      state,
    });
    expect(grant.appAuthCode).toMatch(/^[0-9a-f]{29}X\d{2}$/);
    expect(grant.authAppId).toMatch(/^2021\d{12}$/);

    const tokens = await h.mini.exchangeAuthCode(grant.appAuthCode);
    expect(tokens).toMatchObject({
      authAppId: grant.authAppId,
      userId: grant.userId,
      expiresIn: 31_536_000,
      reExpiresIn: 32_140_800,
    });
    expect(tokens.appAuthToken).toMatch(/^\d{6}BB[0-9a-f]{29}X\d{2}$/);
    Object.assign(merchant, {
      authAppId: tokens.authAppId,
      token: tokens.appAuthToken,
      refresh: tokens.appRefreshToken,
    });

    // The parallel open_app_auth_notify push verifies and carries the same token.
    const notify = h.mini.parseAppAuthNotify(grant.notification!.body);
    expect(notify).toMatchObject({
      status: 'execute_auth',
      authAppId: grant.authAppId,
      appAuthToken: tokens.appAuthToken,
      appAuthCode: grant.appAuthCode,
      appId: h.keys.appId,
    });
    expect(await h.mini.queryAppAuthToken(tokens.appAuthToken)).toMatchObject({
      status: 'valid',
      authAppId: grant.authAppId,
    });
  });

  it('baseinfo and templates', async () => {
    expect(await h.mini.baseinfo({ appAuthToken: merchant.token })).toMatchObject({
      appName: '示例小店',
      servicePhone: '400-000-0000',
    });
    const templates = await h.mini.listTemplates();
    expect(templates.map((t) => t.templateId)).toEqual(SANDBOX_MINI_TEMPLATES.map((t) => t.mini_app_id));
    expect(templates[0]!.versions).toEqual([
      { templateVersion: '1.0.0', versionStatus: 'RELEASE' },
      { templateVersion: '1.1.0', versionStatus: 'RELEASE' },
    ]);
  });

  it('commit (upload) → submit → pending → approve → signed message → release', async () => {
    const built = await h.mini.uploadVersion({
      appAuthToken: merchant.token,
      templateId: TEMPLATE_ID,
      appVersion: '1.0.0',
      extJson: EXT_JSON,
    });
    expect(built).toMatchObject({ build: 'success', ready: true });
    expect(await h.mini.buildStatus({ appAuthToken: merchant.token, appVersion: '1.0.0' })).toMatchObject({
      ready: true,
    });
    expect((await h.mini.versionDetail({ appAuthToken: merchant.token, appVersion: '1.0.0' })).status).toBe(
      'development',
    );

    expect(
      await h.mini.applyAudit({ appAuthToken: merchant.token, appVersion: '1.0.0', versionDesc: VERSION_DESC }),
    ).toEqual({ speedUp: false, speedUpMemo: expect.any(String) });
    const pending = await h.mini.versionDetail({ appAuthToken: merchant.token, appVersion: '1.0.0' });
    expect(pending).toMatchObject({
      status: 'pending',
      upstreamStatus: 'AUDITING',
      versionDesc: VERSION_DESC,
      canRelease: false,
    });

    const auditId = miniAuditId(merchant.authAppId, '1.0.0');
    expect(await decideMiniAudit(h.store, { auditId, decision: 'approve' })).toMatchObject({
      auditId,
      status: 'WAIT_RELEASE',
    });
    const pushed = await buildMiniAuditMessage(h.store, { auditId }, { keys: h.keys });
    expect(pushed.msgMethod).toBe('alipay.open.mini.version.audit.passed');
    expect(h.mini.parseMiniAuditMessage(pushed.body)).toMatchObject({
      outcome: 'approved',
      auditId,
      authAppId: merchant.authAppId,
      appVersion: '1.0.0',
    });
    expect((await h.mini.versionDetail({ appAuthToken: merchant.token, appVersion: '1.0.0' })).status).toBe('approved');

    expect(await h.mini.online({ appAuthToken: merchant.token, appVersion: '1.0.0' })).toEqual({ replayed: false });
    const released = await h.mini.versionDetail({ appAuthToken: merchant.token, appVersion: '1.0.0' });
    expect(released).toMatchObject({ status: 'released', upstreamStatus: 'RELEASE' });
    expect(released.onlineAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // A retried release (lost response) is answered as a replay, not as an error.
    expect(await h.mini.online({ appAuthToken: merchant.token, appVersion: '1.0.0' })).toEqual({ replayed: true });
  });

  it('second version replaces the first; rollback brings the first back', async () => {
    await submitVersion(h, merchant.token, '1.1.0');
    await decideMiniAudit(h.store, { auditId: miniAuditId(merchant.authAppId, '1.1.0'), decision: 'approve' });
    await h.mini.online({ appAuthToken: merchant.token, appVersion: '1.1.0' });
    const versions = await h.mini.listVersions({ appAuthToken: merchant.token });
    expect(versions.map((v) => [v.appVersion, v.status])).toEqual([
      ['1.1.0', 'released'],
      ['1.0.0', 'offline'],
    ]);

    expect(await h.mini.rollback({ appAuthToken: merchant.token })).toEqual({ rolledBackVersion: '1.1.0' });
    expect((await h.mini.versionDetail({ appAuthToken: merchant.token, appVersion: '1.0.0' })).status).toBe('released');
    expect((await h.mini.versionDetail({ appAuthToken: merchant.token, appVersion: '1.1.0' })).status).toBe('offline');
    // Nothing released before 1.0.0: a further rollback is refused as a conflict, in WeChat's words (87012).
    const error = (await h.mini.rollback({ appAuthToken: merchant.token }).catch((e: unknown) => e)) as AppError;
    expect(error).toMatchObject({
      code: 'conflict',
      status: 409,
      message: expect.stringContaining('there is no previous release to roll back to'),
    });
    expect(error.errors).toEqual([
      {
        pointer: '',
        code: 'providerB_ROLLBACK_VERSION_NOT_EXIST',
        message: 'there is no previous release to roll back to',
      },
    ]);
  });

  it('experience version: QR code image and launch link', async () => {
    await h.mini.uploadVersion({
      appAuthToken: merchant.token,
      templateId: TEMPLATE_ID,
      appVersion: '1.2.0',
      extJson: EXT_JSON,
    });
    expect((await h.mini.queryExperience({ appAuthToken: merchant.token, appVersion: '1.2.0' })).status).toBe('none');
    await h.mini.createExperience({ appAuthToken: merchant.token, appVersion: '1.2.0' });
    const experience = await h.mini.queryExperience({ appAuthToken: merchant.token, appVersion: '1.2.0' });
    expect(experience).toMatchObject({ status: 'ready', upstreamStatus: 'expVersionPackged' });
    expect(experience.schemaUrl).toContain(`appId=${merchant.authAppId}`);
    const qr = await h.mini.downloadExperienceQr(experience.qrCodeUrl!);
    expect(qr.mimeType).toBe('image/png');
    expect(Buffer.from(qr.base64, 'base64').subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    await h.mini.cancelExperience({ appAuthToken: merchant.token, appVersion: '1.2.0' });
    expect((await h.mini.queryExperience({ appAuthToken: merchant.token, appVersion: '1.2.0' })).status).toBe('none');
  });

  it('members: add, list (masked), delete by logon id', async () => {
    await h.mini.addMember({ appAuthToken: merchant.token, logonId: '13800138000', role: 'DEVELOPER' });
    await h.mini.addMember({ appAuthToken: merchant.token, logonId: 'tester@example.com', role: 'EXPERIENCER' });
    const members = await h.mini.listMembers({ appAuthToken: merchant.token });
    expect(members.map((m) => [m.role, m.logonId, m.status])).toEqual([
      ['DEVELOPER', '138******00', 'VALID'],
      ['EXPERIENCER', 'tes***@example.com', 'VALID'],
    ]);
    expect(members[0]!.userId).toMatch(/^2088\d{12}$/);

    const { userId } = await h.mini.deleteMember({
      appAuthToken: merchant.token,
      logonId: 'tester@example.com',
      role: 'EXPERIENCER',
    });
    expect(userId).toBe(members[1]!.userId);
    expect(await h.mini.listMembers({ appAuthToken: merchant.token, role: 'EXPERIENCER' })).toEqual([]);
    expect(
      (await h.mini.listMembers({ appAuthToken: merchant.token, role: 'DEVELOPER' })).map((m) => m.logonId),
    ).toEqual(['138******00']);
  });
});

describe('audit message bytes', () => {
  it('the passed message reproduces TV-7e exactly', async () => {
    const version: SandboxMiniVersion = {
      auth_app_id: '2021004100000001',
      app_version: '0.0.1',
      bundle_id: 'com.alipay.alipaywallet',
      template_id: TEMPLATE_ID,
      template_version: '1.0.0',
      status: 'WAIT_RELEASE',
      base_audit: 'PASS',
      promote_audit: 'PASS',
      auto_online: false,
      audit_round: 1,
      gmt_create: '2024-05-13 17:00:00',
    };
    await h.store.put(MINI_KINDS.version, '2021004100000001:0.0.1', version);
    const pushed = await buildMiniAuditMessage(
      h.store,
      { auditId: '2021004100000001:0.0.1' },
      { keys: h.keys, now: () => new Date(1715593760000), notifyId: '2024051300222174920012345678901234' },
    );
    expect(pushed.params.biz_content).toBe('{"mini_app_id":"2021004100000001","mini_app_version":"0.0.1"}');
    expect(pushed.params.sign).toBe(
      'OI980F3yPAsJaZyrz94Gip0uN6mITjYFv/cuy1kMgdgmpRJmyfLyjkf684RtgzewNxdYpaYhXN/DUOaT8ejU6dO7FCce9OA9HOTstAIxYnJP+1gqIjIwd5FDi3OU2rZiJvvrn2r5D0KKTm5iJvRHaMDPI8elrmkrn+ITPYqr78LXqkS6EXB20EMOILQydEqDpyXYwFSjXdumJeiam9kb9x34CBLtYvOrQrn/Tfk6w4qaS5QgCM0ZAynGyCRWVfALVUF2BH9Vb2R5B54b2Hvh1xUOF8yIQF0KnOlHqmaqARG8MkWApVq7PYBIDas+v8L/219O+69ZDpzg6RRzVvfzCw==',
    );
  });
});
