import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import {
  AppAuthorizationRevokedError,
  AppAuthTokenExpiredError,
  miniAuditId,
  withAppAuthTokenRefresh,
} from '@/server/providers/providerB/mini';
import { PNG_BYTES } from '../../../../support/providerB-sandbox';
import {
  buildMiniAuditMessage,
  decideMiniAudit,
  expireAppAuthTokens,
  grantAppAuthorization,
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

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as AppError,
  );

describe('audit state conflicts', () => {
  it('a second submission while one is under audit → audit_in_progress (409)', async () => {
    const m = await h.authorizeMerchant();
    await submitVersion(h, m.appAuthToken, '1.0.0');
    const again = await failure(
      h.mini.applyAudit({ appAuthToken: m.appAuthToken, appVersion: '1.0.0', versionDesc: VERSION_DESC }),
    );
    expect(again).toMatchObject({ code: 'audit_in_progress', status: 409 });
    expect(again?.message).toContain('CAN_NOT_SUBMIT_WITH_AUDIT_GRAY');
    await h.mini.uploadVersion({
      appAuthToken: m.appAuthToken,
      templateId: TEMPLATE_ID,
      appVersion: '1.0.1',
      extJson: EXT_JSON,
    });
    expect(
      (
        await failure(
          h.mini.applyAudit({ appAuthToken: m.appAuthToken, appVersion: '1.0.1', versionDesc: VERSION_DESC }),
        )
      )?.code,
    ).toBe('audit_in_progress');
    // Withdrawing the audit unblocks it.
    await h.mini.cancelAudit({ appAuthToken: m.appAuthToken });
    expect((await h.mini.versionDetail({ appAuthToken: m.appAuthToken, appVersion: '1.0.0' })).status).toBe(
      'development',
    );
    await h.mini.applyAudit({ appAuthToken: m.appAuthToken, appVersion: '1.0.1', versionDesc: VERSION_DESC });
  });

  it('release before approval → audit_not_approved (409); a delayed audit stays pending', async () => {
    const m = await h.authorizeMerchant();
    await h.mini.uploadVersion({
      appAuthToken: m.appAuthToken,
      templateId: TEMPLATE_ID,
      appVersion: '2.0.0',
      extJson: EXT_JSON,
    });
    expect(await failure(h.mini.online({ appAuthToken: m.appAuthToken, appVersion: '2.0.0' }))).toMatchObject({
      code: 'audit_not_approved',
      status: 409,
    });
    await h.mini.applyAudit({ appAuthToken: m.appAuthToken, appVersion: '2.0.0', versionDesc: VERSION_DESC });
    expect(
      (await decideMiniAudit(h.store, { auditId: miniAuditId(m.authAppId, '2.0.0'), decision: 'delay' })).delayed,
    ).toBe(true);
    expect((await h.mini.versionDetail({ appAuthToken: m.appAuthToken, appVersion: '2.0.0' })).status).toBe('pending');
    expect((await failure(h.mini.online({ appAuthToken: m.appAuthToken, appVersion: '2.0.0' })))?.code).toBe(
      'audit_not_approved',
    );
    expect(
      (await failure(buildMiniAuditMessage(h.store, { auditId: miniAuditId(m.authAppId, '2.0.0') }, { keys: h.keys })))
        ?.code,
    ).toBe('conflict');
    // A version that does not exist stays a plain upstream refusal.
    const missing = await failure(h.mini.online({ appAuthToken: m.appAuthToken, appVersion: '9.9.9' }));
    expect(missing).toMatchObject({
      code: 'upstream_rejected',
      message: expect.stringContaining('MINI_APP_PACKAGE_INFO_NOT_EXIST'),
    });
  });

  it('rejection: reason in versionDetail and in the signed message; sent back to development, then resubmitted', async () => {
    const m = await h.authorizeMerchant();
    await submitVersion(h, m.appAuthToken, '1.0.0');
    const auditId = miniAuditId(m.authAppId, '1.0.0');
    const reason = '小程序首页缺少隐私政策入口，请补充后重新提交';
    expect(await decideMiniAudit(h.store, { auditId, decision: 'reject', reason })).toMatchObject({
      status: 'AUDIT_REJECT',
      rejectReason: reason,
    });
    expect(await h.mini.versionDetail({ appAuthToken: m.appAuthToken, appVersion: '1.0.0' })).toMatchObject({
      status: 'rejected',
      rejectReason: reason,
    });
    const pushed = await buildMiniAuditMessage(h.store, { auditId }, { keys: h.keys });
    expect(pushed.msgMethod).toBe('alipay.open.mini.version.audit.rejected');
    expect(h.mini.parseMiniAuditMessage(pushed.body)).toMatchObject({ outcome: 'rejected', auditId, reason });
    expect((await failure(decideMiniAudit(h.store, { auditId, decision: 'approve' })))?.code).toBe('conflict');

    // A rejected version blocks new submissions until it is sent back to development (C.3).
    await h.mini.uploadVersion({
      appAuthToken: m.appAuthToken,
      templateId: TEMPLATE_ID,
      appVersion: '1.0.1',
      extJson: EXT_JSON,
    });
    expect(
      (
        await failure(
          h.mini.applyAudit({ appAuthToken: m.appAuthToken, appVersion: '1.0.1', versionDesc: VERSION_DESC }),
        )
      )?.code,
    ).toBe('audit_in_progress');
    await h.mini.cancelAudited({ appAuthToken: m.appAuthToken, appVersion: '1.0.0' });
    await h.mini.applyAudit({ appAuthToken: m.appAuthToken, appVersion: '1.0.1', versionDesc: VERSION_DESC });
    // auto_online: approval releases at once.
    await h.mini.cancelAudit({ appAuthToken: m.appAuthToken, appVersion: '1.0.1' });
    await h.mini.applyAudit({
      appAuthToken: m.appAuthToken,
      appVersion: '1.0.1',
      versionDesc: VERSION_DESC,
      autoOnline: true,
    });
    expect(
      (await decideMiniAudit(h.store, { auditId: miniAuditId(m.authAppId, '1.0.1'), decision: 'approve' })).status,
    ).toBe('RELEASE');
  });
});

describe('tokens', () => {
  it('expired token → AppAuthTokenExpiredError; refresh and retry once works; the spent refresh token is refused', async () => {
    const m = await h.authorizeMerchant('刷新测试');
    expect(await expireAppAuthTokens(h.store, { authAppId: m.authAppId }, { now: () => h.clock.now })).toEqual({
      expired: 1,
    });
    const expired = await failure(h.mini.baseinfo({ appAuthToken: m.appAuthToken }));
    expect(expired).toBeInstanceOf(AppAuthTokenExpiredError);
    expect(expired).toMatchObject({ subCode: 'aop.app-auth-token-time-out', code: 'upstream_rejected' });
    expect((await h.mini.queryAppAuthToken(m.appAuthToken)).status).toBe('invalid');

    let refreshed = '';
    const info = await withAppAuthTokenRefresh(
      m.appAuthToken,
      (token) => h.mini.baseinfo({ appAuthToken: token }),
      async () => (refreshed = (await h.mini.refreshAppAuthToken(m.appRefreshToken)).appAuthToken),
    );
    expect(info.appName).toBe('刷新测试');
    expect(refreshed).not.toBe(m.appAuthToken);
    expect(await failure(h.mini.refreshAppAuthToken(m.appRefreshToken))).toBeInstanceOf(AppAuthorizationRevokedError);
  });

  it('after a refresh the old token works for 10 more minutes, then is refused', async () => {
    const m = await h.authorizeMerchant();
    const next = await h.mini.refreshAppAuthToken(m.appRefreshToken);
    expect(next.authAppId).toBe(m.authAppId);
    await h.mini.baseinfo({ appAuthToken: m.appAuthToken });
    h.clock.now = new Date(h.clock.now.getTime() + 11 * 60 * 1000);
    expect(await failure(h.mini.baseinfo({ appAuthToken: m.appAuthToken }))).toBeInstanceOf(AppAuthTokenExpiredError);
    await h.mini.baseinfo({ appAuthToken: next.appAuthToken });
  });

  it('unknown token, missing token, reused code', async () => {
    const unknown = await failure(h.mini.baseinfo({ appAuthToken: '202401BB00000000000000000000000000000X01' }));
    expect(unknown).toMatchObject({ subCode: 'aop.invalid-app-auth-token' });
    const missing = await failure(h.mini.baseinfo({ appAuthToken: '' }));
    expect(missing).toMatchObject({
      code: 'upstream_rejected',
      message: expect.stringContaining('isv.self-invoke-forbidden'),
    });

    const grant = await grantAppAuthorization(
      h.store,
      { redirectUri: 'https://isv.example.com/cb', state: 's' },
      { keys: h.keys },
    );
    await h.mini.exchangeAuthCode(grant.appAuthCode);
    const reused = await failure(h.mini.exchangeAuthCode(grant.appAuthCode));
    expect(reused).toMatchObject({ code: 'upstream_rejected', message: expect.stringContaining('isv.code-invalid') });
    expect(
      (
        await failure(
          grantAppAuthorization(
            h.store,
            { authUrl: h.mini.authUrl({ appId: '2021000000000009', redirectUri: 'https://x.example/cb' }) },
            { keys: h.keys },
          ),
        )
      )?.code,
    ).toBe('invalid_request');
  });
});

describe('notifications are verified before use', () => {
  it('a tampered audit message or auth notify is refused', async () => {
    const m = await h.authorizeMerchant();
    await submitVersion(h, m.appAuthToken, '1.0.0');
    const auditId = miniAuditId(m.authAppId, '1.0.0');
    await decideMiniAudit(h.store, { auditId, decision: 'reject', reason: '类目不符' });
    const pushed = await buildMiniAuditMessage(h.store, { auditId }, { keys: h.keys });
    const forged = pushed.body.replace('audit.rejected', 'audit.passed');
    expect(forged).not.toBe(pushed.body);
    expect((await failure(Promise.resolve().then(() => h.mini.parseMiniAuditMessage(forged))))?.code).toBe(
      'invalid_request',
    );
    const params = new URLSearchParams(pushed.body);
    params.set('biz_content', params.get('biz_content')!.replace(m.authAppId, '2021999999999999'));
    expect(() => h.mini.parseMiniAuditMessage(params)).toThrow(/signature/);

    const grant = await grantAppAuthorization(h.store, { redirectUri: 'https://isv.example.com/cb' }, { keys: h.keys });
    const notify = new URLSearchParams(grant.notification!.body);
    notify.set('auth_app_id', '2021999999999999');
    expect(() => h.mini.parseAppAuthNotify(notify)).toThrow(/signature/);
  });
});

describe('upstream refusals carry sub_code and sub_msg, never personal data', () => {
  it('version upload rules', async () => {
    const m = await h.authorizeMerchant();
    const upload = (appVersion: string, extra: { templateId?: string; extJson?: string } = {}) =>
      failure(
        h.mini.uploadVersion({
          appAuthToken: m.appAuthToken,
          templateId: extra.templateId ?? TEMPLATE_ID,
          appVersion,
          extJson: extra.extJson ?? EXT_JSON,
        }),
      );
    expect((await upload('1.0.0', { templateId: '2021004199999999' }))?.message).toContain('CODE_TEMPLATE_DELETED');
    expect((await upload('1.0.0', { extJson: '{not json' }))?.message).toContain('INVALID_EXT_JSON');
    expect((await upload('1.0'))?.message).toContain('INVALID_PARAMETER');
    expect(await upload('1.0.0')).toBeUndefined();
    const again = await upload('0.9.0');
    expect(again).toMatchObject({ code: 'upstream_rejected', status: 422 });
    expect(again?.message).toContain('VERSION_HAS_EXISTED');
    expect(again?.message).toContain('请重新输入新的版本号');
  });

  it('audit submission rules, with and without images', async () => {
    const m = await h.authorizeMerchant();
    await h.mini.uploadVersion({
      appAuthToken: m.appAuthToken,
      templateId: TEMPLATE_ID,
      appVersion: '1.0.0',
      extJson: EXT_JSON,
    });
    const apply = (extra: Partial<Parameters<typeof h.mini.applyAudit>[0]>) =>
      failure(
        h.mini.applyAudit({ appAuthToken: m.appAuthToken, appVersion: '1.0.0', versionDesc: VERSION_DESC, ...extra }),
      );
    expect((await apply({ versionDesc: '修复问题' }))?.message).toContain('version_desc');
    expect((await apply({ servicePhone: 'call-me!' }))?.message).toContain('INVALID_MINI_APP_SERVICE_TEL');
    expect((await apply({ regionType: 'MOON' as 'CHINA' }))?.message).toContain('REGION_TYPE_IS_INVALID');
    const logo = { field: 'app_logo', bytes: PNG_BYTES, filename: 'logo.gif', mimeType: 'image/gif' };
    expect((await apply({ images: [logo] }))?.message).toContain('isv.invalid-file-extension');
    expect(
      await apply({ appName: '示例小店Plus', images: [{ ...logo, filename: 'logo.png', mimeType: 'image/png' }] }),
    ).toBeUndefined();
    expect((await h.mini.baseinfo({ appAuthToken: m.appAuthToken })).appName).toBe('示例小店Plus');
  });

  it('member rules', async () => {
    const m = await h.authorizeMerchant();
    await h.mini.addMember({ appAuthToken: m.appAuthToken, logonId: '13900139000', role: 'DEVELOPER' });
    const duplicate = await failure(
      h.mini.addMember({ appAuthToken: m.appAuthToken, logonId: '13900139000', role: 'DEVELOPER' }),
    );
    expect(duplicate?.message).toContain('DEVELOPER_ALREADY_EXSIT');
    expect(duplicate?.message).not.toContain('13900139000');
    expect(
      (await failure(h.mini.addMember({ appAuthToken: m.appAuthToken, logonId: 'not-a-login', role: 'EXPERIENCER' })))
        ?.message,
    ).toContain('invalid_logon_id');
    expect(
      (
        await failure(
          h.mini.addMember({ appAuthToken: m.appAuthToken, logonId: '13900139000', role: 'ADMIN' as 'DEVELOPER' }),
        )
      )?.code,
    ).toBe('invalid_request');
    expect(
      (await failure(h.mini.deleteMember({ appAuthToken: m.appAuthToken, logonId: '13900139001', role: 'DEVELOPER' })))
        ?.code,
    ).toBe('not_found');
  });
});
