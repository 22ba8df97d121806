import { afterEach, describe, expect, it } from 'vitest';
import {
  decideAudit,
  grantAuthorization,
  issueVerifyTicket,
  renderAuthorizePage,
  revokeAuthorization,
} from '@/sandbox/providerA/component';
import { startComponentSandbox } from '../../../../support/providerA-component-sandbox';

let sandbox: Awaited<ReturnType<typeof startComponentSandbox>> | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function start() {
  sandbox = await startComponentSandbox();
  const s = sandbox;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, query: Record<string, string> = {}) => {
    const url = new URL(`${s.apiBaseUrl}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const response = await fetch(url, {
      method,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      json: (await response.json()) as Record<string, unknown>,
    };
  };
  const { appId: componentAppId, secret } = { appId: s.config.componentAppId, secret: s.config.componentAppSecret };
  const componentToken = async () => {
    const { ticket } = await issueVerifyTicket(s.store, s.config, s.clock.now);
    const r = await call('POST', '/cgi-bin/component/api_component_token', {
      component_appid: componentAppId,
      component_appsecret: secret,
      component_verify_ticket: ticket,
    });
    return r.json.component_access_token as string;
  };
  const authorize = async (token: string, funcInfo?: number[]) => {
    const pre = await call(
      'POST',
      '/cgi-bin/component/api_create_preauthcode',
      { component_appid: componentAppId },
      { component_access_token: token },
    );
    const grant = await grantAuthorization(
      s.store,
      { preAuthCode: pre.json.pre_auth_code as string, redirectUri: 'https://p.example/cb', funcInfo },
      { config: s.config, now: s.clock.now },
    );
    const code = new URL(grant.redirectUrl).searchParams.get('auth_code')!;
    const auth = await call(
      'POST',
      '/cgi-bin/component/api_query_auth',
      { component_appid: componentAppId, authorization_code: code },
      { component_access_token: token },
    );
    const info = auth.json.authorization_info as Record<string, string>;
    return {
      appId: grant.authorizerAppId,
      code,
      preAuthCode: pre.json.pre_auth_code as string,
      accessToken: info.authorizer_access_token!,
      refreshToken: info.authorizer_refresh_token!,
    };
  };
  return { s, call, componentAppId, secret, componentToken, authorize };
}

const errcode = (r: { json: Record<string, unknown> }) => r.json.errcode;

describe('component emulator: protocol checks as the upstream makes them', () => {
  it('api_component_token: 41002 / 61011 / 41004 / 40125 / 61006 / 61005, then a token without errcode', async () => {
    const { s, call, componentAppId, secret } = await start();
    const { ticket } = await issueVerifyTicket(s.store, s.config, s.clock.now);
    const path = '/cgi-bin/component/api_component_token';
    expect(errcode(await call('POST', path, { component_appsecret: secret, component_verify_ticket: ticket }))).toBe(
      41002,
    );
    expect(
      errcode(
        await call('POST', path, {
          component_appid: 'wx1',
          component_appsecret: secret,
          component_verify_ticket: ticket,
        }),
      ),
    ).toBe(61011);
    expect(
      errcode(await call('POST', path, { component_appid: componentAppId, component_verify_ticket: ticket })),
    ).toBe(41004);
    expect(
      errcode(
        await call('POST', path, {
          component_appid: componentAppId,
          component_appsecret: 'x',
          component_verify_ticket: ticket,
        }),
      ),
    ).toBe(40125);
    expect(
      errcode(
        await call('POST', path, {
          component_appid: componentAppId,
          component_appsecret: secret,
          component_verify_ticket: 'ticket@@@nope',
        }),
      ),
    ).toBe(61006);
    const ok = await call('POST', path, {
      component_appid: componentAppId,
      component_appsecret: secret,
      component_verify_ticket: ticket,
    });
    expect(ok.json).toEqual({ component_access_token: expect.any(String), expires_in: 7200 });
    expect(ok.json.errmsg).toBeUndefined();
    s.clock.advance(43_201);
    expect(
      errcode(
        await call('POST', path, {
          component_appid: componentAppId,
          component_appsecret: secret,
          component_verify_ticket: ticket,
        }),
      ),
    ).toBe(61005);
  });

  it('tokens: 41001 missing, 40001 unknown, 42001 expired; errmsg carries a rid', async () => {
    const { s, call, componentAppId, componentToken } = await start();
    const path = '/cgi-bin/component/api_create_preauthcode';
    const missing = await call('POST', path, { component_appid: componentAppId });
    expect(missing.json).toMatchObject({
      errcode: 41001,
      errmsg: expect.stringMatching(/^access_token missing rid: [0-9a-f]{8}-/),
    });
    expect(
      errcode(await call('POST', path, { component_appid: componentAppId }, { component_access_token: 'nope' })),
    ).toBe(40001);
    const token = await componentToken();
    // The docs pass the component token as access_token too (C.4).
    expect(
      (await call('POST', path, { component_appid: componentAppId }, { access_token: token })).json.pre_auth_code,
    ).toMatch(/^preauthcode@@@/);
    s.clock.advance(7200);
    expect(
      errcode(await call('POST', path, { component_appid: componentAppId }, { component_access_token: token })),
    ).toBe(42001);
  });

  it('bodies and methods: 44002 empty, 47001 not JSON, 43001/43002 wrong method, 40066 unknown path', async () => {
    const { call, componentToken, authorize } = await start();
    const { accessToken } = await authorize(await componentToken());
    expect(errcode(await call('POST', '/wxa/release', '', { access_token: accessToken }))).toBe(44002);
    expect(errcode(await call('POST', '/wxa/getversioninfo', 'not json', { access_token: accessToken }))).toBe(47001);
    expect(errcode(await call('POST', '/wxa/gettemplatelist', {}, { access_token: accessToken }))).toBe(43001);
    expect(errcode(await call('GET', '/wxa/commit', undefined, { access_token: accessToken }))).toBe(43002);
    const unknown = await call('GET', '/wxa/nope', undefined, { access_token: accessToken });
    expect([unknown.status, errcode(unknown)]).toEqual([404, 40066]);
  });

  it('commit: ext_json as an object → 47001, bad JSON → 85013, quoted template id → 85014', async () => {
    const { call, componentToken, authorize } = await start();
    const { accessToken } = await authorize(await componentToken());
    const q = { access_token: accessToken };
    const base = { template_id: 1, user_version: 'V1', user_desc: 'd' };
    expect(errcode(await call('POST', '/wxa/commit', { ...base, ext_json: { extEnable: true } }, q))).toBe(47001);
    expect(errcode(await call('POST', '/wxa/commit', { ...base, ext_json: '{oops' }, q))).toBe(85013);
    expect(errcode(await call('POST', '/wxa/commit', { ...base, template_id: '"1"', ext_json: '{}' }, q))).toBe(85014);
    expect(
      errcode(
        await call(
          'POST',
          '/wxa/commit',
          { ...base, ext_json: JSON.stringify({ tabBar: { list: [{ text: 'x' }] } }) },
          q,
        ),
      ),
    ).toBe(85046);
    expect(
      await call('POST', '/wxa/commit', { ...base, template_id: '1', ext_json: '{"extEnable":true}' }, q),
    ).toMatchObject({ json: { errcode: 0, errmsg: 'ok' } });
  });

  it('submit_audit: 85086 before commit; item_list rules; get_latest_auditstatus 85058 then ScreenShot spelling', async () => {
    const { call, componentToken, authorize } = await start();
    const { accessToken } = await authorize(await componentToken());
    const q = { access_token: accessToken };
    expect(errcode(await call('POST', '/wxa/submit_audit', {}, q))).toBe(85086);
    expect(errcode(await call('GET', '/wxa/get_latest_auditstatus', undefined, q))).toBe(85058);
    await call('POST', '/wxa/commit', { template_id: 1, ext_json: '{}', user_version: 'V1', user_desc: 'd' }, q);
    const item = {
      address: 'pages/index/index',
      tag: 'shop',
      title: 'Home',
      first_class: '商家自营',
      second_class: '百货',
      first_id: 304,
      second_id: 305,
    };
    expect(errcode(await call('POST', '/wxa/submit_audit', { item_list: [] }, q))).toBe(85023);
    expect(errcode(await call('POST', '/wxa/submit_audit', { item_list: [{ ...item, address: 'pages/x' }] }, q))).toBe(
      85007,
    );
    expect(errcode(await call('POST', '/wxa/submit_audit', { item_list: [{ ...item, first_id: 1 }] }, q))).toBe(85008);
    expect(
      errcode(await call('POST', '/wxa/submit_audit', { item_list: [{ ...item, title: 'x'.repeat(33) }] }, q)),
    ).toBe(85011);
    const ok = await call('POST', '/wxa/submit_audit', { item_list: [item] }, q);
    expect(ok.json.auditid).toEqual(expect.any(Number));
    expect(errcode(await call('POST', '/wxa/get_auditstatus', { auditid: 1 }, q))).toBe(85012);
    const latest = await call('GET', '/wxa/get_latest_auditstatus', undefined, q);
    expect(latest.json).toMatchObject({ errcode: 0, auditid: ok.json.auditid, status: 2, user_version: 'V1' });
    expect(errcode(await call('GET', '/wxa/undocodeaudit', undefined, q))).toBe(0);
    expect((await call('GET', '/wxa/get_latest_auditstatus', undefined, q)).json.status).toBe(3);
  });

  it('permissions and revocation: 61007 without set 18; 61003 after the seller revokes; 61010 on code reuse', async () => {
    const { s, call, componentAppId, componentToken, authorize } = await start();
    const token = await componentToken();
    const limited = await authorize(token, [17]);
    expect(errcode(await call('GET', '/wxa/get_page', undefined, { access_token: limited.accessToken }))).toBe(61007);
    const again = await call(
      'POST',
      '/cgi-bin/component/api_query_auth',
      { component_appid: componentAppId, authorization_code: limited.code },
      { component_access_token: token },
    );
    expect(errcode(again)).toBe(61010);
    const event = await revokeAuthorization(
      s.store,
      { authorizerAppId: limited.appId },
      { config: s.config, now: s.clock.now },
    );
    expect(event).toMatchObject({ type: 'unauthorized', authorizerAppId: limited.appId });
    const refresh = await call(
      'POST',
      '/cgi-bin/component/api_authorizer_token',
      {
        component_appid: componentAppId,
        authorizer_appid: limited.appId,
        authorizer_refresh_token: limited.refreshToken,
      },
      { component_access_token: token },
    );
    expect(errcode(refresh)).toBe(61003);
    expect(errcode(await call('GET', '/wxa/get_category', undefined, { access_token: limited.accessToken }))).toBe(
      40001,
    );
  });

  it('rollback: history of releases, one rollback allowed, a second refused until the next release (87012)', async () => {
    const { s, call, componentToken, authorize } = await start();
    const { accessToken } = await authorize(await componentToken());
    const q = { access_token: accessToken };
    for (const version of ['V1', 'V2', 'V3']) {
      await call(
        'POST',
        '/wxa/commit',
        { template_id: 1, ext_json: '{}', user_version: version, user_desc: version },
        q,
      );
      const { json } = await call('POST', '/wxa/submit_audit', {}, q);
      await decideAudit(s.store, { auditId: String(json.auditid), decision: 'approve' });
      expect(errcode(await call('POST', '/wxa/release', {}, q))).toBe(0);
    }
    const history = await call('GET', '/wxa/revertcoderelease', undefined, { ...q, action: 'get_history_version' });
    expect((history.json.version_list as { user_version: string }[]).map((v) => v.user_version)).toEqual([
      'V3',
      'V2',
      'V1',
    ]);
    expect(errcode(await call('GET', '/wxa/revertcoderelease', undefined, q))).toBe(0);
    expect((await call('POST', '/wxa/getversioninfo', {}, q)).json.release_info).toMatchObject({
      release_version: 'V2',
    });
    expect(errcode(await call('GET', '/wxa/revertcoderelease', undefined, q))).toBe(87012);
    expect(errcode(await call('GET', '/wxa/revertcoderelease', undefined, { ...q, app_version: '1' }))).toBe(87012);
  });

  it('gray release: 85081 bad percentage, 85079 nothing online, 85080 not approved, 85082 not higher, 87011 rollback during a phase; release finishes it, revert revokes it', async () => {
    const { s, call, componentToken, authorize } = await start();
    const { accessToken } = await authorize(await componentToken());
    const q = { access_token: accessToken };
    const plan = async () => (await call('GET', '/wxa/getgrayreleaseplan', undefined, q)).json.gray_release_plan;
    const approve = async (version: string) => {
      await call(
        'POST',
        '/wxa/commit',
        { template_id: 1, ext_json: '{}', user_version: version, user_desc: version },
        q,
      );
      const { json } = await call('POST', '/wxa/submit_audit', {}, q);
      await decideAudit(s.store, { auditId: String(json.auditid), decision: 'approve' });
      return String(json.auditid);
    };
    expect(await plan()).toMatchObject({ status: 0 });
    for (const body of [{}, { gray_percentage: 101 }, { gray_percentage: 0 }, { gray_percentage: '10' }])
      expect(errcode(await call('POST', '/wxa/grayrelease', body, q)), JSON.stringify(body)).toBe(85081);
    await approve('V1');
    expect(errcode(await call('POST', '/wxa/grayrelease', { gray_percentage: 10 }, q))).toBe(85079);
    expect(errcode(await call('POST', '/wxa/release', {}, q))).toBe(0);
    // V1 is online; V2 committed but not yet approved.
    await call('POST', '/wxa/commit', { template_id: 1, ext_json: '{}', user_version: 'V2', user_desc: 'V2' }, q);
    expect(errcode(await call('POST', '/wxa/grayrelease', { gray_percentage: 10 }, q))).toBe(85080);
    await approve('V2');
    expect(errcode(await call('POST', '/wxa/grayrelease', { gray_percentage: 10 }, q))).toBe(0);
    expect(await plan()).toMatchObject({ status: 1, gray_percentage: 10 });
    expect(errcode(await call('POST', '/wxa/grayrelease', { gray_percentage: 10 }, q))).toBe(85082);
    expect(errcode(await call('POST', '/wxa/grayrelease', { gray_percentage: 30 }, q))).toBe(0);
    expect(await plan()).toMatchObject({ status: 1, gray_percentage: 30 });
    expect(errcode(await call('GET', '/wxa/revertcoderelease', undefined, q))).toBe(87011);
    expect((await call('POST', '/wxa/getversioninfo', {}, q)).json.release_info).toMatchObject({
      release_version: 'V1',
    });
    // Revoked: the phase ends and the approved audit may be released again, this time to everyone.
    expect(errcode(await call('GET', '/wxa/revertgrayrelease', undefined, q))).toBe(0);
    expect(await plan()).toMatchObject({ status: 4 });
    expect(errcode(await call('POST', '/wxa/grayrelease', { gray_percentage: 5 }, q))).toBe(0);
    expect(errcode(await call('POST', '/wxa/release', {}, q))).toBe(0);
    expect(await plan()).toMatchObject({ status: 3, gray_percentage: 100 });
    expect((await call('POST', '/wxa/getversioninfo', {}, q)).json.release_info).toMatchObject({
      release_version: 'V2',
    });
    expect(errcode(await call('POST', '/wxa/release', {}, q))).toBe(85052);
  });

  it('testers: 85001 for an impossible WeChat id, 85002 at the cap', async () => {
    const { s, call, componentToken, authorize } = await start();
    s.config.maxTesters = 1;
    const { accessToken } = await authorize(await componentToken());
    const q = { access_token: accessToken };
    expect(errcode(await call('POST', '/wxa/bind_tester', { wechatid: '1x' }, q))).toBe(85001);
    expect(errcode(await call('POST', '/wxa/bind_tester', { wechatid: 'tester_a' }, q))).toBe(0);
    expect(errcode(await call('POST', '/wxa/bind_tester', { wechatid: 'tester_b' }, q))).toBe(85002);
  });
});

describe('sandbox authorization controls', () => {
  it('grantAuthorization: single-use pre-auth code, biz_appid restriction, re-authorization → updateauthorized', async () => {
    const { s, componentToken, authorize } = await start();
    const first = await authorize(await componentToken());
    const opts = { config: s.config, now: s.clock.now };
    await expect(
      grantAuthorization(s.store, { preAuthCode: first.preAuthCode, redirectUri: 'https://p.example/cb' }, opts),
    ).rejects.toMatchObject({ code: 'state_already_used' });
    await expect(
      grantAuthorization(s.store, { preAuthCode: 'preauthcode@@@unknown', redirectUri: 'https://p.example/cb' }, opts),
    ).rejects.toMatchObject({ code: 'invalid_state' });

    const token = await componentToken();
    const pre = await fetch(
      `${s.apiBaseUrl}/cgi-bin/component/api_create_preauthcode?component_access_token=${token}`,
      { method: 'POST', body: JSON.stringify({ component_appid: s.config.componentAppId }) },
    );
    const preAuthCode = ((await pre.json()) as { pre_auth_code: string }).pre_auth_code;
    const link = `https://mp.weixin.qq.com/cgi-bin/componentloginpage?component_appid=${s.config.componentAppId}&pre_auth_code=${encodeURIComponent(preAuthCode)}&redirect_uri=${encodeURIComponent('https://p.example/cb#frag')}&auth_type=2&biz_appid=${first.appId}`;
    await expect(
      grantAuthorization(s.store, { authUrl: link, appId: 'wx00000000000000ff' }, opts),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    const regrant = await grantAuthorization(s.store, { authUrl: link }, opts);
    expect(regrant.authorizerAppId).toBe(first.appId);
    expect(regrant.event.type).toBe('updateauthorized');
    expect(regrant.redirectUrl).toMatch(
      /^https:\/\/p\.example\/cb\?auth_code=queryauthcode%40%40%40[^&]+&expires_in=3600#frag$/,
    );
  });

  it('renderAuthorizePage escapes every value and posts the pre-auth code back', () => {
    const html = renderAuthorizePage({
      preAuthCode: 'preauthcode@@@a"b',
      redirectUri: 'https://p.example/cb?x=<script>',
      platformName: '<b>Shop</b>',
      formAction: '/sandbox/providerA/authorize',
      locale: 'zh-CN',
    });
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<button type="submit">授权</button>');
    expect(html).toContain('<h1>授权给&lt;b&gt;Shop&lt;/b&gt;</h1>');
    expect(html).not.toContain('Authorize');
    const english = renderAuthorizePage({
      preAuthCode: 'preauthcode@@@1',
      redirectUri: 'https://p.example/cb',
      locale: 'en',
    });
    expect(english).toContain('<button type="submit">Authorize</button>');
    expect(english).toContain('<h1>Authorize this platform</h1>');
    expect(html).toContain('name="pre_auth_code" value="preauthcode@@@a&quot;b"');
    expect(html).toContain('value="https://p.example/cb?x=&lt;script&gt;"');
    expect(html).toContain('&lt;b&gt;Shop&lt;/b&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('action="/sandbox/providerA/authorize"');
  });
});
