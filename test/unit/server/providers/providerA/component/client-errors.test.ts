import { afterEach, describe, expect, it } from 'vitest';
import { decideAudit, expireTokens, grantAuthorization } from '@/sandbox/providerA/component';
import { createCodeClient } from '@/server/providers/providerA/component/code-client';
import { createComponentClient } from '@/server/providers/providerA/component/component-client';
import { startClientsAgainstSandbox } from '../../../../../support/providerA-component-clients';
import { TokenExpiredError } from '@/server/providers/providerA/component/wx-errors';

const extJson = JSON.stringify({ extEnable: true, extAppid: 'wx00000000000000aa', ext: {}, window: {} });
let env: Awaited<ReturnType<typeof startClientsAgainstSandbox>> | undefined;
afterEach(async () => {
  await env?.sandbox.close();
  env = undefined;
});

/** A started sandbox with one authorized mini program that has committed code. */
async function authorizedEnv(options: Parameters<typeof startClientsAgainstSandbox>[0] = {}) {
  env = await startClientsAgainstSandbox(options);
  await env.pushTicket();
  const { preAuthCode } = await env.component.createPreAuthCode();
  const grant = await grantAuthorization(
    env.sandbox.store,
    { preAuthCode, redirectUri: 'https://platform.example/cb' },
    { config: env.sandbox.config, now: env.sandbox.clock.now },
  );
  const tokens = await env.component.queryAuth(new URL(grant.redirectUrl).searchParams.get('auth_code')!);
  await env.code.commit({ accessToken: tokens.accessToken, templateId: 1, extJson, userVersion: 'V1', userDesc: 'd' });
  return { env, tokens, appId: grant.authorizerAppId };
}

/** Replaces the emulator's answer for paths containing `match`, `times` times; counts the requests seen. */
function injectFault(
  e: NonNullable<typeof env>,
  match: string,
  answer: () => Response | Promise<Response>,
  times = Infinity,
) {
  const seen = { count: 0 };
  e.sandbox.context.fault = async (request) => {
    if (!request.url.includes(match)) return undefined;
    seen.count++;
    return seen.count <= times ? answer() : undefined;
  };
  return seen;
}
const busy = () =>
  new Response(JSON.stringify({ errcode: -1, errmsg: 'system error rid: 1-2-3' }), {
    headers: { 'content-type': 'application/json' },
  });

describe('code client error mapping (D.12) against the sandbox', () => {
  it('submit_audit while one is pending → audit_in_progress (409)', async () => {
    const { env, tokens } = await authorizedEnv();
    await env.code.submitAudit({ accessToken: tokens.accessToken });
    await expect(env.code.submitAudit({ accessToken: tokens.accessToken })).rejects.toMatchObject({
      code: 'audit_in_progress',
      status: 409,
    });
  });

  it('release before any audit, and after a rejection → audit_not_approved (409)', async () => {
    const { env, tokens } = await authorizedEnv();
    await expect(env.code.release({ accessToken: tokens.accessToken })).rejects.toMatchObject({
      code: 'audit_not_approved',
      message: expect.stringContaining('85019'),
    });
    const { auditId } = await env.code.submitAudit({ accessToken: tokens.accessToken });
    const { event } = await decideAudit(env.sandbox.store, {
      auditId,
      decision: 'reject',
      reason: 'bad',
      screenshots: ['s1', 's2'],
    });
    expect(event).toMatchObject({ type: 'weapp_audit_fail', reason: 'bad', screenshots: ['s1', 's2'] });
    expect(await env.code.getAuditStatus({ accessToken: tokens.accessToken, auditId })).toEqual({
      status: 'rejected',
      reason: 'bad',
      screenshot: ['s1', 's2'],
    });
    await expect(env.code.release({ accessToken: tokens.accessToken })).rejects.toMatchObject({
      code: 'audit_not_approved',
      message: expect.stringContaining('85020'),
    });
  });

  it('an approval is not releasable once newer code was committed (85020)', async () => {
    const { env, tokens } = await authorizedEnv();
    const { auditId } = await env.code.submitAudit({ accessToken: tokens.accessToken });
    await decideAudit(env.sandbox.store, { auditId, decision: 'delay' });
    expect((await env.code.getLatestAuditStatus({ accessToken: tokens.accessToken }))?.status).toBe('delayed');
    await decideAudit(env.sandbox.store, { auditId, decision: 'approve' });
    await env.code.commit({
      accessToken: tokens.accessToken,
      templateId: 1,
      extJson,
      userVersion: 'V2',
      userDesc: 'd',
    });
    await expect(env.code.release({ accessToken: tokens.accessToken })).rejects.toMatchObject({
      code: 'audit_not_approved',
    });
  });

  it('an expired authorizer token → TokenExpiredError; a refreshed one works', async () => {
    const { env, tokens, appId } = await authorizedEnv();
    expect(await expireTokens(env.sandbox.store, { authorizerAppId: appId })).toEqual({ expired: 1 });
    const attempt = env.code.getVersionInfo({ accessToken: tokens.accessToken });
    await expect(attempt).rejects.toBeInstanceOf(TokenExpiredError);
    await expect(attempt).rejects.toMatchObject({ tokenKind: 'authorizer', errcode: 42001 });
    await expect(env.code.getPages({ accessToken: 'never-issued' })).rejects.toMatchObject({
      tokenKind: 'authorizer',
      errcode: 40001,
    });
    const refreshed = await env.component.refreshAuthorizerToken(appId, tokens.refreshToken);
    expect((await env.code.getVersionInfo({ accessToken: refreshed.accessToken })).experience?.version).toBe('V1');
  });

  it('an expired component token is refreshed transparently, once', async () => {
    const { env } = await authorizedEnv();
    const before = env.tokenFetches.count;
    await expireTokens(env.sandbox.store);
    expect((await env.code.listTemplates()).length).toBe(2);
    expect(env.tokenFetches.count).toBe(before + 1);
    await expireTokens(env.sandbox.store);
    expect((await env.component.createPreAuthCode()).preAuthCode).toMatch(/^preauthcode@@@/);
    expect(env.tokenFetches.count).toBe(before + 2);
  });

  it('the monthly submit-audit quota (85085) → rate_limited with Retry-After', async () => {
    const { env, tokens } = await authorizedEnv({ config: { submitAuditQuotaPerMonth: 1 } });
    const { auditId } = await env.code.submitAudit({ accessToken: tokens.accessToken });
    await decideAudit(env.sandbox.store, { auditId, decision: 'reject' });
    await expect(
      env.code.submitAudit({ accessToken: tokens.accessToken, feedbackInfo: 'fixed' }),
    ).rejects.toMatchObject({ code: 'rate_limited', status: 429, options: { retryAfterSeconds: 86_400 } });
  });

  it('get_qrcode without an experience version answers JSON, not an image → conflict', async () => {
    env = await startClientsAgainstSandbox();
    await env.pushTicket();
    const { preAuthCode } = await env.component.createPreAuthCode();
    const grant = await grantAuthorization(
      env.sandbox.store,
      { preAuthCode, redirectUri: 'https://p.example/cb' },
      { config: env.sandbox.config, now: env.sandbox.clock.now },
    );
    const tokens = await env.component.queryAuth(new URL(grant.redirectUrl).searchParams.get('auth_code')!);
    await expect(env.code.getQrcode({ accessToken: tokens.accessToken })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('86001'),
    });
  });

  it('client-side limits fail before any upstream call', async () => {
    const { env, tokens } = await authorizedEnv();
    const seen = injectFault(env, '/wxa/', busy);
    await expect(
      env.code.submitAudit({ accessToken: tokens.accessToken, feedbackInfo: 'x'.repeat(201) }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(
      env.code.commit({
        accessToken: tokens.accessToken,
        templateId: 1,
        extJson: '[1]',
        userVersion: '',
        userDesc: '',
      }),
    ).rejects.toMatchObject({ errors: [{ pointer: '/extJson' }, { pointer: '/userVersion' }] });
    await expect(
      env.code.getAuditStatus({ accessToken: tokens.accessToken, auditId: '12; drop' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(seen.count).toBe(0);
  });
});

describe('transport: retries, busy, timeouts, network, missing ticket', () => {
  it('errcode -1 and HTTP 503 are retried with backoff, then succeed', async () => {
    const { env, tokens } = await authorizedEnv();
    const seen = injectFault(env, '/wxa/get_page', busy, 2);
    expect(await env.code.getPages({ accessToken: tokens.accessToken })).toContain('pages/index/index');
    expect(seen.count).toBe(3);
    const seen503 = injectFault(env, '/wxa/get_category', () => new Response('down', { status: 503 }), 1);
    expect((await env.code.getCategories({ accessToken: tokens.accessToken })).length).toBe(2);
    expect(seen503.count).toBe(2);
  });

  it('persistent errcode -1 → upstream_unavailable after the configured attempts', async () => {
    const { env, tokens } = await authorizedEnv();
    const seen = injectFault(env, '/wxa/submit_audit', busy);
    await expect(env.code.submitAudit({ accessToken: tokens.accessToken })).rejects.toMatchObject({
      code: 'upstream_unavailable',
      status: 502,
    });
    expect(seen.count).toBe(3);
  });

  it('timeouts: idempotent calls are retried, submit_audit is not; both end as upstream_timeout', async () => {
    const { env, tokens } = await authorizedEnv({ timeoutMs: 150 });
    const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(busy()), 400));
    const seen = injectFault(env, '/wxa/', slow);
    await expect(env.code.getPages({ accessToken: tokens.accessToken })).rejects.toMatchObject({
      code: 'upstream_timeout',
      status: 504,
    });
    expect(seen.count).toBe(3);
    seen.count = 0;
    await expect(env.code.submitAudit({ accessToken: tokens.accessToken })).rejects.toMatchObject({
      code: 'upstream_timeout',
    });
    expect(seen.count).toBe(1);
  });

  it('an unreachable host → upstream_unavailable', async () => {
    env = await startClientsAgainstSandbox();
    const deadUrl = env.sandbox.apiBaseUrl;
    await env.sandbox.close();
    const code = createCodeClient({
      baseUrl: deadUrl,
      retry: { attempts: 2, baseDelayMs: 1 },
      componentAccessToken: async () => 't',
    });
    await expect(code.getPages({ accessToken: 'x' })).rejects.toMatchObject({ code: 'upstream_unavailable' });
    env = undefined;
  });

  it('no ticket yet, or an expired ticket → upstream_unavailable naming the ticket', async () => {
    env = await startClientsAgainstSandbox();
    await expect(env.component.createPreAuthCode()).rejects.toMatchObject({
      code: 'upstream_unavailable',
      message: expect.stringContaining('component_verify_ticket'),
    });
    await env.pushTicket();
    env.sandbox.clock.advance(12 * 3600 + 1);
    await expect(env.component.componentAccessToken()).rejects.toMatchObject({
      code: 'upstream_unavailable',
      message: expect.stringContaining('61005'),
    });
  });

  it("a wrong appsecret is a platform configuration error, not the caller's", async () => {
    env = await startClientsAgainstSandbox();
    await env.pushTicket();
    const ticket = (await env.pushTicket()).event;
    const component = createComponentClient({
      baseUrl: env.sandbox.apiBaseUrl,
      componentAppId: env.sandbox.config.componentAppId,
      componentAppSecret: 'wrong',
      getVerifyTicket: async () => (ticket.type === 'component_verify_ticket' ? ticket.ticket : null),
      tokenCache: { get: async () => null, set: async () => undefined },
    });
    await expect(component.componentAccessToken()).rejects.toMatchObject({
      code: 'upstream_unavailable',
      message: expect.stringContaining('40125'),
    });
  });
});
