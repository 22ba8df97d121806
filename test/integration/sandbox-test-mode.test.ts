/**
 * The sandbox as a per-platform test mode: every control call needs the platform's API
 * key or an operator session naming the platform; a platform sees and moves only its own applications,
 * audits, authorizations, tokens and faults; and the emulated upstream itself keeps each platform's objects in
 * a namespace of its own, so a correctly signed request on another namespace finds nothing.
 */
import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subMerchants } from '@/server/db/schema';
import { isUnsupportedMethod, type RouteHandler } from '@/server/http/define-route';
import { randomBase62 } from '@/server/ids';
import { onboardingProvider } from '@/server/upstreams/onboarding';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { createOperator } from '@/server/services/operators/create-operator';
import { submissionId } from '@/server/services/sub-merchants/submission-id';
import { callRoute } from '../support/call-route';
import { createConsoleTeam } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { commitAndSubmitAudit, miniProgramApi } from '../support/mini-programs';
import { inRequestScope, sessionCookie, useRequestScope } from '../support/next-request-scope';
import { completeFormData, paymentsApi } from '../support/sub-merchants';
import { fillTemplate, httpMethods, listRouteFiles, routeParams } from '../support/route-files';
import { useSandboxOverHttp } from '../support/sandbox-server';

const controlRoutes = await Promise.all(
  listRouteFiles()
    .filter((r) => r.template.startsWith('/sandbox/control/'))
    .map(async (r) => {
      const module = await r.load();
      return { ...r, module, implemented: httpMethods.filter((m) => module[m] && !isUnsupportedMethod(module[m]!)) };
    }),
);

const providers = ['providerA', 'providerB'] as const;
type Team = Awaited<ReturnType<typeof createConsoleTeam>>;

describeEachDatabase('the sandbox as a per-platform test mode', (database) => {
  const sandbox = useSandboxOverHttp();
  useRequestScope();
  let a: Team;
  let b: Team;
  beforeAll(async () => {
    a = await createConsoleTeam(database().db);
    b = await createConsoleTeam(database().db);
  });

  /** A's sub-merchant submitted upstream through A's own adapters. */
  async function submittedBy(team: Team, provider: (typeof providers)[number]) {
    const payments = paymentsApi(team.apiKey);
    const { body } = await payments.create({ distributorExternalUserId: `tm-${randomBase62(8)}`, provider });
    const submitted = await payments.submit(body.id, { formData: await completeFormData(payments, provider) });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    return submitted.body as { id: string; chApplymentId: string; chApplymentState: string };
  }

  it('answers 401 problem+json on every control route and method without a credential, with a bad key or a forged session', async () => {
    expect(controlRoutes.length).toBeGreaterThanOrEqual(7);
    const params = { provider: 'providerA', applymentId: '2000001', auditId: '1', path: 'x' };
    const credentials: Record<string, Record<string, string>> = {
      none: {},
      'unknown key': { authorization: `Bearer sk_test_${'A'.repeat(32)}` },
      'forged session': { cookie: 'next-auth.session-token=forged.jwt.value', 'x-platform-id': a.platformId },
    };
    for (const route of controlRoutes) {
      for (const method of route.implemented) {
        for (const [who, headers] of Object.entries(credentials)) {
          const body =
            method === 'GET' || method === 'DELETE'
              ? undefined
              : method === 'PUT'
                ? '[]'
                : '{"state":"finished","decision":"approve","authUrl":"x"}';
          const response = await callRoute(
            inRequestScope(route.module[method] as RouteHandler),
            fillTemplate(route.template, params),
            {
              method,
              headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
              body,
              params: routeParams(route.template, params),
            },
          );
          expect(response.status, `${method} ${route.template} (${who})`).toBe(401);
          expect(response.headers.get('content-type')).toContain('application/problem+json');
          expect(((await response.json()) as { code: string }).code).toBe('unauthenticated');
        }
      }
    }
  });

  for (const provider of providers) {
    it(`${provider}: B's key neither lists nor moves A's application (404); each platform lists only its own`, async () => {
      const mine = await submittedBy(a, provider);
      const theirs = await submittedBy(b, provider);
      const listed = async (key: string) =>
        JSON.stringify((await sandbox.control(key, 'GET', `/${provider}/applyments`)).body);
      expect(await listed(a.apiKey)).toContain(mine.chApplymentId);
      expect(await listed(a.apiKey)).not.toContain(theirs.chApplymentId);
      expect(await listed(b.apiKey)).not.toContain(mine.chApplymentId);

      const moved = await sandbox.control(b.apiKey, 'POST', `/${provider}/applyments/${mine.chApplymentId}`, {
        state: 'finished',
      });
      expect(moved.status).toBe(404);
      expect(moved.body).toMatchObject({ code: 'not_found' });
      expect(
        (
          await (
            await onboardingProvider(provider, a.platformId)
          ).queryApplication({
            submissionId: await upstreamSubmission(mine.id),
          })
        )?.state,
      ).not.toBe('finished');

      expect(
        (
          await sandbox.control(a.apiKey, 'POST', `/${provider}/applyments/${mine.chApplymentId}`, {
            state: 'finished',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await (
            await onboardingProvider(provider, a.platformId)
          ).queryApplication({
            submissionId: await upstreamSubmission(mine.id),
          })
        )?.state,
      ).toBe('finished');
    });

    it(`${provider}: a signed request to the emulated upstream on B's namespace cannot read A's application`, async () => {
      const mine = await submittedBy(a, provider);
      const submissionId = await upstreamSubmission(mine.id);
      expect(await (await onboardingProvider(provider, a.platformId)).queryApplication({ submissionId })).toMatchObject(
        {
          applymentId: mine.chApplymentId,
        },
      );
      expect(await (await onboardingProvider(provider, b.platformId)).queryApplication({ submissionId })).toBeNull();
    });
  }

  /** The upstream submission id the service derived for the record (what the upstream is queried by). */
  async function upstreamSubmission(id: string) {
    const [row] = await database().db.select().from(subMerchants).where(eq(subMerchants.id, id));
    return submissionId(row!);
  }

  it('the old un-namespaced upstream paths and malformed namespaces are 404', async () => {
    for (const path of [
      '/providerA/pay/v3/applyment4sub/applyment/business_code/x',
      '/providerB/gateway.do',
      '/t/short/providerB/gateway.do',
    ]) {
      expect((await fetch(`${sandbox.baseUrl}${path}`, { method: 'POST' })).status, path).toBe(404);
    }
  });

  it("B cannot grant A's pending authorization, decide A's audit or expire A's tokens (404); A can", async () => {
    for (const team of [a, b])
      expect((await sandbox.control(team.apiKey, 'POST', '/providerA/ticket')).status).toBe(200);
    const api = miniProgramApi(a.apiKey);
    const started = await api.authorize({
      platform: 'providerA',
      redirectUri: 'https://seller.example.com/done',
      tenantId: 'test-mode',
    });
    expect(started.status).toBe(201);
    const stolen = await sandbox.control(b.apiKey, 'POST', '/providerA/authorizations', { state: started.body.state });
    expect(stolen.status).toBe(404);
    expect(started.body.authUrl).toMatch(/\/sandbox\/t\/[0-9A-Za-z]{22}\/providerA\/authorize\//);
    // Even holding A's link, B's namespace has no such pre-auth code.
    expect(
      (await sandbox.control(b.apiKey, 'POST', '/providerA/authorizations', { authUrl: started.body.authUrl })).status,
    ).toBe(400);
    const granted = await sandbox.control(a.apiKey, 'POST', '/providerA/authorizations', { state: started.body.state });
    expect(granted.status).toBe(200);
    const appId = (
      await api.callback('providerA', new URL(granted.body!.redirectUrl as string).searchParams.toString())
    ).body.appId as string;
    const auditId = await commitAndSubmitAudit(api, appId, '1.0.0');

    expect(
      (
        await sandbox.control(b.apiKey, 'POST', `/providerA/audits/${encodeURIComponent(auditId)}`, {
          decision: 'approve',
        })
      ).status,
    ).toBe(404);
    expect((await api.auditStatus('providerA', auditId, appId)).body).toMatchObject({ status: 'pending' });
    expect(
      (await sandbox.control(b.apiKey, 'POST', '/providerA/tokens/expire', { authorizerAppId: appId })).status,
    ).toBe(404);
    // B cannot take A's app id into its own namespace either: the upstream's pushes name only the app id.
    const bStarted = await miniProgramApi(b.apiKey).authorize({
      platform: 'providerA',
      redirectUri: 'https://seller.example.com/done',
    });
    expect(
      (await sandbox.control(b.apiKey, 'POST', '/providerA/authorizations', { state: bStarted.body.state, appId }))
        .status,
    ).toBe(409);

    expect(
      (await sandbox.control(a.apiKey, 'POST', '/providerA/tokens/expire', { authorizerAppId: appId })).body,
    ).toEqual({ expired: 1 });
    expect(
      (
        await sandbox.control(a.apiKey, 'POST', `/providerA/audits/${encodeURIComponent(auditId)}`, {
          decision: 'approve',
        })
      ).status,
    ).toBe(200);
    expect((await api.auditStatus('providerA', auditId, appId)).body).toMatchObject({ status: 'approved' });
  });

  it("B's faults never touch A's upstream calls; B sees and clears only its own", async () => {
    const aRecord = (await paymentsApi(a.apiKey).create({ distributorExternalUserId: `fault-${randomBase62(6)}` }))
      .body;
    const bRecord = (await paymentsApi(b.apiKey).create({ distributorExternalUserId: `fault-${randomBase62(6)}` }))
      .body;
    const aForm = await completeFormData(paymentsApi(a.apiKey), 'providerA');
    const bForm = await completeFormData(paymentsApi(b.apiKey), 'providerA');
    const aFault = [{ provider: 'providerB', match: '/never-called', status: 503 }];
    expect((await sandbox.control(a.apiKey, 'PUT', '/faults', aFault)).status).toBe(200);
    expect((await sandbox.control(b.apiKey, 'PUT', '/faults', [{ provider: 'providerA', status: 500 }])).status).toBe(
      200,
    );
    try {
      expect((await paymentsApi(a.apiKey).submit(aRecord.id, { formData: aForm })).status).toBe(200);
      expect((await paymentsApi(b.apiKey).submit(bRecord.id, { formData: bForm })).status).toBe(502);
      expect((await sandbox.control(b.apiKey, 'GET', '/faults')).body).toEqual({
        faults: [expect.objectContaining({ provider: 'providerA', status: 500 })],
      });
      expect((await sandbox.control(a.apiKey, 'GET', '/faults')).body).toEqual({
        faults: [expect.objectContaining({ provider: 'providerB', match: '/never-called' })],
      });
    } finally {
      expect((await sandbox.control(b.apiKey, 'DELETE', '/faults')).status).toBe(204);
    }
    expect((await sandbox.control(b.apiKey, 'GET', '/faults')).body).toEqual({ faults: [] });
    expect((await sandbox.control(a.apiKey, 'GET', '/faults')).body).toEqual({
      faults: [expect.objectContaining({ provider: 'providerB', match: '/never-called' })],
    });
    await sandbox.control(a.apiKey, 'DELETE', '/faults');
  });

  it('the key must carry the area’s service: applications need payments, audits and tickets miniprogram; faults take either', async () => {
    const only = async (service: 'payments' | 'miniprogram') =>
      (await createApiKey({ db: database().db, platformId: a.platformId, actor: 'test' }, { services: [service] }))
        .secret;
    const [payments, miniprogram] = [await only('payments'), await only('miniprogram')];
    expect((await sandbox.control(miniprogram, 'GET', '/providerA/applyments')).status).toBe(403);
    expect((await sandbox.control(payments, 'GET', '/providerA/applyments')).status).toBe(200);
    expect((await sandbox.control(payments, 'POST', '/providerA/ticket')).status).toBe(403);
    expect((await sandbox.control(miniprogram, 'POST', '/providerA/ticket')).status).toBe(200);
    for (const key of [payments, miniprogram]) expect((await sandbox.control(key, 'GET', '/faults')).status).toBe(200);
    // A key names its own platform: another platform in X-Platform-Id is as unknown as a missing one.
    expect(
      (await sandbox.control({ authorization: `Bearer ${a.apiKey}`, 'x-platform-id': b.platformId }, 'GET', '/faults'))
        .status,
    ).toBe(404);
  });

  it('an operator session works for its platform (named in X-Platform-Id) and not for another; viewers and cross-site mutations are refused', async () => {
    const mine = await submittedBy(a, 'providerA');
    const route = controlRoutes.find((r) => r.template === '/sandbox/control/{provider}/applyments')!;
    const moveRoute = controlRoutes.find((r) => r.template === '/sandbox/control/{provider}/applyments/{applymentId}')!;
    const list = async (headers: Record<string, string>) =>
      callRoute(inRequestScope(route.module.GET as RouteHandler), '/sandbox/control/providerA/applyments', {
        headers,
        params: { provider: 'providerA' },
      });
    const move = (headers: Record<string, string>) =>
      callRoute(
        inRequestScope(moveRoute.module.POST as RouteHandler),
        `/sandbox/control/providerA/applyments/${mine.chApplymentId}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ state: 'auditing' }),
          params: { provider: 'providerA', applymentId: mine.chApplymentId },
        },
      );
    const operator = await sessionCookie(a.ids.operator);
    const own = await list({ cookie: operator, 'x-platform-id': a.platformId });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain(mine.chApplymentId);
    expect((await list({ cookie: operator, 'x-platform-id': b.platformId })).status).toBe(404);
    expect((await list({ cookie: operator })).status).toBe(400);
    expect((await list({ cookie: await sessionCookie(a.ids.viewer), 'x-platform-id': a.platformId })).status).toBe(403);
    // B's admin naming A, and an operator of no platform: the same 404 as for a platform that does not exist.
    const outsider = await createOperator(
      { db: database().db, actor: 'test' },
      {
        email: `outsider-${randomBase62(8)}@example.com`,
        password: 'a-long-password-1',
      },
    );
    for (const cookie of [await sessionCookie(b.ids.admin), await sessionCookie(outsider.operatorId)]) {
      expect((await move({ cookie, 'x-platform-id': a.platformId })).status).toBe(404);
    }
    expect(
      (await move({ cookie: operator, 'x-platform-id': a.platformId, 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(403);
    expect(
      (await move({ cookie: operator, 'x-platform-id': a.platformId, 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(200);
    // B's admin on B's own platform finds no application of A there.
    expect((await move({ cookie: await sessionCookie(b.ids.admin), 'x-platform-id': b.platformId })).status).toBe(404);
  });

  it('an operator session whose one-time password must still change is 403 password_change_required, like everywhere else', async () => {
    const fresh = await createOperator(
      { db: database().db, actor: 'test' },
      {
        email: `one-time-${randomBase62(8).toLowerCase()}@example.com`,
        password: 'set-by-someone-else-1',
        platformId: a.platformId,
        role: 'admin',
        passwordMustChange: true,
      },
    );
    const cookie = await sessionCookie(fresh.operatorId);
    for (const route of controlRoutes) {
      for (const method of route.implemented) {
        const params = { provider: 'providerA', applymentId: '2000001', auditId: '1' };
        const body = method === 'GET' || method === 'DELETE' ? undefined : method === 'PUT' ? '[]' : '{}';
        const response = await callRoute(
          inRequestScope(route.module[method] as RouteHandler),
          fillTemplate(route.template, params),
          {
            method,
            headers: {
              cookie,
              'x-platform-id': a.platformId,
              'sec-fetch-site': 'same-origin',
              ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
            },
            body,
            params: routeParams(route.template, params),
          },
        );
        expect(response.status, `${method} ${route.template}`).toBe(403);
        expect(((await response.json()) as { code: string }).code).toBe('password_change_required');
      }
    }
  });
});
