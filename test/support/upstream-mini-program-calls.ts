/**
 * The mini-program rows of the upstream-call table (see upstream-calls.ts): WeChat's component and code
 * management APIs and Alipay's open.auth / open.mini methods. Cases that change a mini program's state get a
 * new seller's mini program, so one case's audit, release or versions never block the next.
 */
import { eq } from 'drizzle-orm';
import { mpAuthorizers } from '@/server/db/schema';
import { MINI_METHODS } from '@/protocols/providerB/mini/methods';
import { extJsonFor } from './mini-programs';
import { bMethod, nextSerial, type Harness, type Provider, type State, type UpstreamCall } from './upstream-call-types';

const nextVersion = () => `9.${nextSerial()}.0`;
const items = [{ address: 'pages/index/index', title: '首页', tag: '购物' }];

/** A seller's grant: the callback (the code exchange) is the call; the same query repeats the same grant. */
async function granted(h: Harness, provider: Provider): Promise<State> {
  const started = await h.mini.authorize({ platform: provider, redirectUri: 'https://seller.example.com/back' });
  const grant = await h.control('POST', `/${provider}/authorizations`, { state: started.body.state });
  return { callbackQuery: new URL(grant.body!.redirectUrl as string).searchParams.toString() };
}

/** A new seller's mini program for each case: audits, releases and versions of one case never block the next. */
async function freshApp(h: Harness, provider: Provider): Promise<State> {
  const done = await h.mini.callback(provider, (await granted(h, provider)).callbackQuery!);
  if (done.status !== 200) throw new Error(`authorization failed: ${JSON.stringify(done.body)}`);
  // providerA's submit-audit quota (20 a month) is the platform's: each case starts with all of it left.
  if (provider === 'providerA') {
    const reset = await h.control('PUT', '/providerA/audit-policy', { quota: { rest: 20 } });
    if (reset.status !== 200) throw new Error(`audit policy: ${JSON.stringify(reset.body)}`);
  }
  return { appId: done.body.appId as string };
}

async function committed(h: Harness, provider: Provider): Promise<State> {
  const { appId } = await freshApp(h, provider);
  const version = nextVersion();
  const template = (await h.mini.templates(provider)).body.templates[0];
  const answer = await h.mini.commit(provider, {
    authorizerAppId: appId,
    templateId: template.templateId,
    extJson: extJsonFor(appId!),
    userVersion: version,
    userDesc: 'fault matrix',
  });
  if (answer.status !== 200) throw new Error(`commit failed: ${JSON.stringify(answer.body)}`);
  return { appId: appId!, version, templateId: template.templateId };
}

async function underAudit(h: Harness, provider: Provider): Promise<State> {
  const state = await committed(h, provider);
  const submitted = await h.mini.submitAudit(provider, { authorizerAppId: state.appId, itemList: items });
  if (submitted.status !== 200) throw new Error(`submit-audit failed: ${JSON.stringify(submitted.body)}`);
  return { ...state, auditId: submitted.body.auditId as string };
}

async function approved(h: Harness, provider: Provider): Promise<State> {
  const state = await underAudit(h, provider);
  await h.control('POST', `/${provider}/audits/${encodeURIComponent(state.auditId!)}`, { decision: 'approve' });
  return state;
}

/** Two releases, so the second can be rolled back. */
async function releasedTwice(h: Harness, provider: Provider): Promise<State> {
  const first = await approved(h, provider);
  if ((await h.mini.release(provider, first.appId!)).status !== 200) throw new Error('first release failed');
  const version = nextVersion();
  const appId = first.appId!;
  await h.mini.commit(provider, {
    authorizerAppId: appId,
    templateId: first.templateId,
    extJson: extJsonFor(appId),
    userVersion: version,
    userDesc: 'second',
  });
  const { auditId } = (await h.mini.submitAudit(provider, { authorizerAppId: appId, itemList: items })).body;
  await h.control('POST', `/${provider}/audits/${encodeURIComponent(auditId)}`, { decision: 'approve' });
  if ((await h.mini.release(provider, appId)).status !== 200) throw new Error('second release failed');
  return { appId };
}

/** A fresh providerB mini program with one developer (logon ids are masked upstream: one per app keeps them apart). */
async function withDeveloper(h: Harness): Promise<State> {
  const { appId } = await freshApp(h, 'providerB');
  const member = `dev${nextSerial()}@example.com`;
  const bound = await h.mini.members('providerB', { authorizerAppId: appId, action: 'bind', member });
  if (bound.status !== 200) throw new Error(`add member failed: ${JSON.stringify(bound.body)}`);
  return { appId: appId!, member };
}

/** The stored access token runs out: the next call refreshes it first. */
async function tokenExpiring(h: Harness, provider: Provider): Promise<State> {
  await h.db
    .update(mpAuthorizers)
    .set({ accessTokenExpiresAt: new Date(Date.now() - 60_000) })
    .where(eq(mpAuthorizers.appId, h.appIds[provider]));
  return {};
}

export const miniProgramCalls: UpstreamCall[] = [
  // Mini programs, providerA: the component (third-party platform) API and code management.
  {
    name: 'providerA component token',
    provider: 'providerA',
    match: 'api_component_token',
    signed: false,
    prepare: async (h) => (await h.control('POST', '/providerA/tokens/expire', {}), {}),
    run: (h) => h.mini.templates('providerA'),
  },
  {
    name: 'providerA pre-auth code',
    provider: 'providerA',
    match: 'api_create_preauthcode',
    token: 'component',
    signed: false,
    run: (h) => h.mini.authorize({ platform: 'providerA', redirectUri: 'https://seller.example.com/back' }),
  },
  {
    name: 'providerA authorization code exchange',
    provider: 'providerA',
    match: 'api_query_auth',
    token: 'component',
    signed: false,
    prepare: (h) => granted(h, 'providerA'),
    run: (h, s) => h.mini.callback('providerA', s.callbackQuery!),
    answerLostUpstreamActed: {
      status: 422,
      code: 'upstream_rejected',
      why: 'an authorization code is single-use upstream (61010); the seller authorizes again',
    },
  },
  {
    name: 'providerA authorizer token refresh',
    provider: 'providerA',
    match: 'api_authorizer_token',
    token: 'component',
    signed: false,
    prepare: (h) => tokenExpiring(h, 'providerA'),
    run: (h) => h.mini.versions('providerA', h.appIds.providerA),
  },
  {
    name: 'providerA templates',
    provider: 'providerA',
    match: '/wxa/gettemplatelist',
    token: 'component',
    signed: false,
    run: (h) => h.mini.templates('providerA'),
  },
  {
    name: 'providerA commit',
    provider: 'providerA',
    match: '/wxa/commit',
    token: 'authorizer',
    signed: false,
    prepare: async (h) => ({
      ...(await freshApp(h, 'providerA')),
      version: nextVersion(),
      templateId: (await h.mini.templates('providerA')).body.templates[0].templateId,
    }),
    run: (h, s) =>
      h.mini.commit('providerA', {
        authorizerAppId: s.appId,
        templateId: s.templateId,
        extJson: extJsonFor(s.appId!),
        userVersion: s.version,
        userDesc: 'fault matrix',
      }),
  },
  {
    name: 'providerA categories (for audit items)',
    provider: 'providerA',
    match: '/wxa/get_category',
    token: 'authorizer',
    signed: false,
    prepare: (h) => committed(h, 'providerA'),
    run: (h, s) => h.mini.submitAudit('providerA', { authorizerAppId: s.appId, itemList: items }),
  },
  {
    name: 'providerA submit audit',
    provider: 'providerA',
    match: '/wxa/submit_audit',
    token: 'authorizer',
    signed: false,
    prepare: (h) => committed(h, 'providerA'),
    run: (h, s) => h.mini.submitAudit('providerA', { authorizerAppId: s.appId, itemList: items }),
  },
  {
    name: 'providerA audit status',
    provider: 'providerA',
    match: '/wxa/get_auditstatus',
    token: 'authorizer',
    signed: false,
    prepare: (h) => underAudit(h, 'providerA'),
    run: (h, s) => h.mini.auditStatus('providerA', s.auditId!, s.appId!),
  },
  {
    name: 'providerA release',
    provider: 'providerA',
    match: '/wxa/release',
    token: 'authorizer',
    signed: false,
    prepare: (h) => approved(h, 'providerA'),
    run: (h, s) => h.mini.release('providerA', s.appId!),
  },
  {
    name: 'providerA rollback',
    provider: 'providerA',
    match: '/wxa/revertcoderelease',
    token: 'authorizer',
    signed: false,
    prepare: (h) => releasedTwice(h, 'providerA'),
    run: (h, s) => h.mini.rollback('providerA', s.appId!),
    answerLostUpstreamActed: {
      status: 409,
      code: 'conflict',
      why: 'WeChat rolls back once (87012 afterwards) and its answer cannot tell a done rollback from an impossible one',
    },
  },
  {
    name: 'providerA version info',
    provider: 'providerA',
    match: '/wxa/getversioninfo',
    token: 'authorizer',
    signed: false,
    run: (h) => h.mini.versions('providerA', h.appIds.providerA),
  },
  {
    name: 'providerA account basic info',
    provider: 'providerA',
    match: 'getaccountbasicinfo',
    token: 'authorizer',
    signed: false,
    run: (h) => h.mini.baseinfo('providerA', h.appIds.providerA),
  },
  {
    name: 'providerA experience QR code',
    provider: 'providerA',
    match: '/wxa/get_qrcode',
    token: 'authorizer',
    signed: false,
    prepare: (h) => committed(h, 'providerA'),
    run: (h, s) => h.mini.experience('providerA', s.appId!),
  },
  {
    name: 'providerA bind tester',
    provider: 'providerA',
    match: '/wxa/bind_tester',
    token: 'authorizer',
    signed: false,
    prepare: async () => ({ member: `tester-${nextSerial()}` }),
    run: (h, s) =>
      h.mini.members('providerA', { authorizerAppId: h.appIds.providerA, action: 'bind', member: s.member! }),
  },
  {
    name: 'providerA unbind tester',
    provider: 'providerA',
    match: '/wxa/unbind_tester',
    token: 'authorizer',
    signed: false,
    run: (h) =>
      h.mini.members('providerA', { authorizerAppId: h.appIds.providerA, action: 'unbind', member: 'nobody-wx' }),
  },
  {
    name: 'providerA list testers',
    provider: 'providerA',
    match: '/wxa/memberauth',
    token: 'authorizer',
    signed: false,
    run: (h) =>
      h.mini.members('providerA', { authorizerAppId: h.appIds.providerA, action: 'unbind', member: 'nobody-wx' }),
  },

  // Mini programs, providerB: the Alipay gateway's open.auth and open.mini methods.
  {
    name: 'providerB authorization code exchange',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.tokenApp),
    signed: true,
    prepare: (h) => granted(h, 'providerB'),
    run: (h, s) => h.mini.callback('providerB', s.callbackQuery!),
    answerLostUpstreamActed: {
      status: 422,
      code: 'upstream_rejected',
      why: 'an app_auth_code is single-use upstream (isv.code-invalid); the seller authorizes again',
    },
  },
  {
    name: 'providerB app auth token refresh',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.tokenApp),
    signed: true,
    // Its own seller: Alipay spends a refresh token on use, so a refresh whose answer is lost ends that grant.
    prepare: async (h) => {
      const { appId } = await freshApp(h, 'providerB');
      await h.db
        .update(mpAuthorizers)
        .set({ accessTokenExpiresAt: new Date(Date.now() - 60_000) })
        .where(eq(mpAuthorizers.appId, appId!));
      return { appId: appId! };
    },
    run: (h, s) => h.mini.versions('providerB', s.appId!),
    answerLostUpstreamActed: {
      status: 422,
      code: 'upstream_rejected',
      why: 'Alipay spent the refresh token on the refresh whose answer was lost; only a new grant helps',
    },
  },
  {
    name: 'providerB templates',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.templateList),
    signed: true,
    run: (h) => h.mini.templates('providerB'),
  },
  {
    name: 'providerB version upload',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.versionUpload),
    token: 'app_auth',
    signed: true,
    prepare: async (h) => ({
      ...(await freshApp(h, 'providerB')),
      version: nextVersion(),
      templateId: (await h.mini.templates('providerB')).body.templates[0].templateId,
    }),
    run: (h, s) =>
      h.mini.commit('providerB', {
        authorizerAppId: s.appId,
        templateId: s.templateId,
        extJson: extJsonFor(s.appId!),
        userVersion: s.version,
        userDesc: 'fault matrix',
      }),
  },
  {
    name: 'providerB audit apply',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.auditApply),
    token: 'app_auth',
    signed: true,
    prepare: (h) => committed(h, 'providerB'),
    run: (h, s) => h.mini.submitAudit('providerB', { authorizerAppId: s.appId, itemList: items }),
  },
  {
    name: 'providerB version detail (audit status)',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.versionDetail),
    token: 'app_auth',
    signed: true,
    prepare: (h) => underAudit(h, 'providerB'),
    run: (h, s) => h.mini.auditStatus('providerB', s.auditId!, s.appId!),
  },
  {
    name: 'providerB online (release)',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.online),
    token: 'app_auth',
    signed: true,
    prepare: (h) => approved(h, 'providerB'),
    run: (h, s) => h.mini.release('providerB', s.appId!),
  },
  {
    name: 'providerB rollback',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.rollback),
    token: 'app_auth',
    signed: true,
    prepare: (h) => releasedTwice(h, 'providerB'),
    run: (h, s) => h.mini.rollback('providerB', s.appId!),
    answerLostUpstreamActed: {
      status: 409,
      code: 'conflict',
      why: 'after the rollback there is no older release (ROLLBACK_VERSION_NOT_EXIST → the 409 WeChat answers with 87012), the same answer as for a mini program that never had one',
    },
  },
  {
    name: 'providerB version list',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.versionList),
    token: 'app_auth',
    signed: true,
    run: (h) => h.mini.versions('providerB', h.appIds.providerB),
  },
  {
    name: 'providerB base info',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.baseinfo),
    token: 'app_auth',
    signed: true,
    run: (h) => h.mini.baseinfo('providerB', h.appIds.providerB),
  },
  {
    name: 'providerB experience create',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.experienceCreate),
    token: 'app_auth',
    signed: true,
    prepare: (h) => committed(h, 'providerB'),
    run: (h, s) => h.mini.experience('providerB', s.appId!),
  },
  {
    name: 'providerB experience query',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.experienceQuery),
    token: 'app_auth',
    signed: true,
    prepare: (h) => committed(h, 'providerB'),
    run: (h, s) => h.mini.experience('providerB', s.appId!),
  },
  {
    name: 'providerB add member',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.membersCreate),
    token: 'app_auth',
    signed: true,
    prepare: async (h) => ({ ...(await freshApp(h, 'providerB')), member: `dev${nextSerial()}@example.com` }),
    run: (h, s) => h.mini.members('providerB', { authorizerAppId: s.appId, action: 'bind', member: s.member! }),
  },
  {
    name: 'providerB delete member',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.membersDelete),
    token: 'app_auth',
    signed: true,
    prepare: (h) => withDeveloper(h),
    run: (h, s) => h.mini.members('providerB', { authorizerAppId: s.appId, action: 'unbind', member: s.member! }),
  },
  {
    name: 'providerB list members',
    provider: 'providerB',
    match: bMethod(MINI_METHODS.membersQuery),
    token: 'app_auth',
    signed: true,
    prepare: (h) => withDeveloper(h),
    run: (h, s) => h.mini.members('providerB', { authorizerAppId: s.appId, action: 'unbind', member: s.member! }),
  },
];
