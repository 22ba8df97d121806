/**
 * Tenant isolation matrix: platform B's credentials (its API key, its admin's session, and an
 * operator who belongs to no platform) aimed at platform A's real records through every /v1 and /admin
 * operation and every tRPC procedure. Each gets the same answer as for an id that does not exist (404), the
 * answer names nothing of A, and nothing changes. The operation and procedure lists come from the OpenAPI
 * operations and the router: one without an entry below fails the suite.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subMerchants } from '@/server/db/schema';
import { setFaults } from '@/sandbox/faults';
import { APPLYMENT_KIND, type SandboxApplyment } from '@/sandbox/providerA/pay/applyment-store';
import { KIND as SANDBOX_KIND, type Audit, type Authorizer } from '@/sandbox/providerA/component/state';
import { platformSandbox } from '@/sandbox/sandbox-context';
import { isUnsupportedMethod } from '@/server/http/define-route';
import { newId, randomBase62 } from '@/server/ids';
import { operations } from '@/app/operations';
import type { Operation } from '@/server/openapi/operation';
import { createOperator } from '@/server/services/operators/create-operator';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { submissionId } from '@/server/services/sub-merchants/submission-id';
import { reportRequestCount } from '../support/bad-requests';
import { callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { changedTables, databaseSnapshotter } from '../support/db-snapshot';
import { extJsonFor } from '../support/mini-programs';
import { inRequestScope, sessionCookie, useRequestScope } from '../support/next-request-scope';
import { fillTemplate, httpMethods, listRouteFiles, routeParams, type HttpMethod } from '../support/route-files';
import { createTenantWithResources, ownedIds, type TenantWithResources } from '../support/tenant-resources';
import { callTrpcOverHttp, trpcProcedures } from '../support/trpc-procedures';

/** What a request names of the platform it is aimed at: its id, its records' ids, its members. */
type Target = {
  platformId: string;
  apiKeyId: string;
  ids: Record<'admin' | 'operator' | 'viewer', string>;
  resources: TenantWithResources['resources'];
};
type RequestParts = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

type RestEntry =
  /** Names one of the target's records: another platform must get the same 404 as for an unknown id. */
  | { addresses: (t: Target) => RequestParts; status?: number }
  /** Lists the caller's own records: nothing of another platform may appear. */
  | { lists: RequestParts }
  /** Creates something for the caller's own platform and names no existing record. */
  | { ownPlatformOnly: string };

const authorizerOf = (t: Target) => ({ authorizerAppId: t.resources.appId });
const onAuthorizer = (t: Target): RequestParts => ({ params: { platform: 'providerA' }, body: authorizerOf(t) });
const onRollout = (t: Target): RequestParts => ({
  params: { platform: 'providerA', rolloutId: t.resources.rolloutId },
});
const authorizerQuery = (t: Target): RequestParts => ({ params: { platform: 'providerA' }, query: authorizerOf(t) });

const restMatrix: Record<string, RestEntry> = {
  listSubMerchants: { lists: {} },
  createSubMerchant: { ownPlatformOnly: 'creates a record of the calling platform' },
  getSubMerchant: { addresses: (t) => ({ params: { id: t.resources.subMerchantId } }) },
  updateSubMerchant: {
    addresses: (t) => ({ params: { id: t.resources.subMerchantId }, body: { status: 'suspended' } }),
  },
  submitSubMerchant: { addresses: (t) => ({ params: { id: t.resources.subMerchantId }, body: {} }) },
  createOnboardingLink: { addresses: (t) => ({ params: { id: t.resources.subMerchantId }, body: {} }) },
  listOnboardingLinks: { addresses: (t) => ({ params: { id: t.resources.subMerchantId } }) },
  revokeOnboardingLink: {
    addresses: (t) => ({
      params: { id: t.resources.subMerchantId, linkId: t.resources.onboardingLinkId },
      body: {},
    }),
  },
  uploadMedia: { ownPlatformOnly: 'stores an image for the calling platform' },
  getReferenceData: { lists: { params: { kind: 'banks' }, query: { provider: 'providerA' } } },
  uploadOnboardingMedia: { addresses: (t) => ({ params: { tenantId: t.platformId }, body: 'multipart' }) },
  getOnboardingMedia: { addresses: (t) => ({ params: { tenantId: t.platformId, mediaId: t.resources.mediaId } }) },
  exportSubMerchants: { addresses: (t) => ({ params: { tenantId: t.platformId } }) },
  startMiniProgramAuthorization: { ownPlatformOnly: 'starts an authorization for the calling platform' },
  // An unknown or foreign state is one answer: the redirect cannot be completed (no record is named in it).
  completeMiniProgramAuthorization: {
    addresses: (t) => ({ params: { platform: 'providerA' }, query: { auth_code: 'code-1', state: t.resources.state } }),
    status: 400,
  },
  listAuthorizers: { lists: {} },
  getAuthorizer: { addresses: (t) => ({ params: { appId: t.resources.appId } }) },
  deleteAuthorizer: { addresses: (t) => ({ params: { appId: t.resources.appId } }) },
  updateAuthorizer: {
    addresses: (t) => ({ params: { appId: t.resources.appId }, body: { ext: { shopId: 'b-shop' } } }),
  },
  listMiniProgramTemplates: { lists: { query: { platform: 'providerA' } } },
  commitMiniProgramCode: {
    addresses: (t) => ({
      params: { platform: 'providerA' },
      body: { ...authorizerOf(t), templateId: '101', userVersion: '1.0.1', extJson: extJsonFor(t.resources.appId) },
    }),
  },
  submitMiniProgramAudit: { addresses: onAuthorizer },
  getMiniProgramAuditStatus: {
    addresses: (t) => ({ params: { platform: 'providerA', auditId: t.resources.auditId }, query: authorizerOf(t) }),
  },
  releaseMiniProgram: { addresses: onAuthorizer },
  listMiniProgramVersions: { addresses: authorizerQuery },
  getMiniProgramBaseinfo: { addresses: authorizerQuery },
  createMiniProgramExperience: { addresses: onAuthorizer },
  rollbackMiniProgramRelease: { addresses: onAuthorizer },
  createMiniProgramRollout: {
    addresses: (t) => ({
      params: { platform: 'providerA' },
      body: {
        templateId: '101',
        userVersion: '1.0.2',
        extJson: extJsonFor(t.resources.appId),
        targets: { appIds: [t.resources.appId] },
      },
    }),
  },
  listMiniProgramRollouts: { lists: { params: { platform: 'providerA' } } },
  getMiniProgramRollout: { addresses: onRollout },
  pauseMiniProgramRollout: { addresses: (t) => ({ ...onRollout(t), body: {} }) },
  resumeMiniProgramRollout: { addresses: (t) => ({ ...onRollout(t), body: {} }) },
  cancelMiniProgramRollout: { addresses: (t) => ({ ...onRollout(t), body: {} }) },
  retryFailedMiniProgramRollout: { addresses: (t) => ({ ...onRollout(t), body: {} }) },
  listEvents: { lists: {} },
  getEvent: { addresses: (t) => ({ params: { id: t.resources.eventId } }) },
  changeMiniProgramMembers: {
    addresses: (t) => ({
      params: { platform: 'providerA' },
      body: { ...authorizerOf(t), action: 'bind', member: 'wxid_tester' },
    }),
  },
};

type TrpcEntry =
  /** Fields (besides platformId) naming one of the target's records. */
  | { addresses: (t: Target) => Record<string, unknown> }
  /** Only the platform is named (lists, settings): other fields it needs; mutations are not run on B's own platform. */
  | { platformOnly: Record<string, unknown> }
  /** Not about a platform at all (the operator's own profile). */
  | { operatorOnly: string }
  /** Addressed by a secret link's token, not by a platform: the token is the credential (platform-invitations.test.ts). */
  | { byToken: string };

const onRolloutInput = (t: Target) => ({ platform: 'providerA', rolloutId: t.resources.rolloutId });
const onAuthorizerInput = (t: Target) => ({ platform: 'providerA', authorizerAppId: t.resources.appId });
const trpcMatrix: Record<string, TrpcEntry> = {
  'me.get': { operatorOnly: "the signed-in operator's own profile and memberships" },
  'me.setLocale': { operatorOnly: "the signed-in operator's own language" },
  'me.changePassword': { operatorOnly: "the signed-in operator's own password" },
  'me.setTimeZone': { operatorOnly: "the signed-in operator's own time zone" },
  'apiKeys.list': { platformOnly: {} },
  'apiKeys.create': { platformOnly: {} },
  'apiKeys.revoke': { addresses: (t) => ({ keyId: t.apiKeyId }) },
  'platformConfig.get': { platformOnly: {} },
  'platformConfig.set': { platformOnly: { key: 'payments.notify_url', value: 'https://b.example.com/hook' } },
  'reference.lookup': { platformOnly: { kind: 'banks', provider: 'providerA' } },
  'subMerchants.get': { addresses: (t) => ({ id: t.resources.subMerchantId }) },
  'subMerchants.history': { addresses: (t) => ({ id: t.resources.subMerchantId }) },
  'subMerchants.create': { platformOnly: { distributorExternalUserId: 'seller-b' } },
  'subMerchants.saveDraft': {
    addresses: (t) => ({ id: t.resources.subMerchantId, formData: { contactName: '李四' } }),
  },
  'subMerchants.submit': { addresses: (t) => ({ id: t.resources.subMerchantId }) },
  'subMerchants.update': { addresses: (t) => ({ id: t.resources.subMerchantId, patch: { status: 'suspended' } }) },
  'events.listDeliveries': { platformOnly: {} },
  'events.redeliver': { addresses: (t) => ({ deliveryId: t.resources.deliveryId }) },
  'events.revealWebhookSecret': { platformOnly: {} },
  'events.rotateWebhookSecret': { platformOnly: {} },
  'upstreamConnections.check': { platformOnly: {} },
  'events.sendTestEvent': { platformOnly: { notifyUrlKey: 'payments.notify_url' } },
  'miniPrograms.authorizers': { platformOnly: {} },
  'miniPrograms.authorizer': { addresses: (t) => ({ appId: t.resources.appId }) },
  'miniPrograms.startAuthorization': {
    platformOnly: { platform: 'providerA', redirectUri: 'https://b.example.com/done' },
  },
  'miniPrograms.deleteAuthorizer': { addresses: (t) => ({ appId: t.resources.appId }) },
  'miniPrograms.updateAuthorizer': { addresses: (t) => ({ appId: t.resources.appId, ext: { shopId: 'b-shop' } }) },
  'miniPrograms.templates': { platformOnly: { platform: 'providerA' } },
  'miniPrograms.commit': {
    addresses: (t) => ({
      ...onAuthorizerInput(t),
      templateId: '101',
      userVersion: '1.0.1',
      extJson: extJsonFor(t.resources.appId),
    }),
  },
  'miniPrograms.submitAudit': { addresses: onAuthorizerInput },
  'miniPrograms.auditStatus': { addresses: (t) => ({ ...onAuthorizerInput(t), auditId: t.resources.auditId }) },
  'miniPrograms.release': { addresses: onAuthorizerInput },
  'miniPrograms.rollback': { addresses: onAuthorizerInput },
  'miniPrograms.experience': { addresses: onAuthorizerInput },
  'miniPrograms.members': { addresses: (t) => ({ ...onAuthorizerInput(t), action: 'bind', member: 'wxid_tester' }) },
  'miniPrograms.versions': { addresses: onAuthorizerInput },
  'miniPrograms.baseinfo': { addresses: onAuthorizerInput },
  'miniPrograms.versionHistory': { addresses: onAuthorizerInput },
  'miniProgramRollouts.list': { platformOnly: { platform: 'providerA' } },
  'miniProgramRollouts.get': { addresses: onRolloutInput },
  'miniProgramRollouts.create': {
    addresses: (t) => ({
      platform: 'providerA',
      templateId: '101',
      userVersion: '1.0.2',
      extJson: extJsonFor(t.resources.appId),
      targets: { appIds: [t.resources.appId] },
    }),
  },
  // Every authorized mini program of the caller's platform: B's preview counts none of A's.
  'miniProgramRollouts.preview': {
    platformOnly: {
      platform: 'providerA',
      extJson: '{"extEnable":true,"extAppid":"{{appId}}","ext":{},"window":{}}',
      targets: { all: true },
    },
  },
  'miniProgramRollouts.pause': { addresses: onRolloutInput },
  'miniProgramRollouts.resume': { addresses: onRolloutInput },
  'miniProgramRollouts.cancel': { addresses: onRolloutInput },
  'miniProgramRollouts.retryFailed': { addresses: onRolloutInput },
  'miniPrograms.manualTemplates.list': { platformOnly: {} },
  'miniPrograms.manualTemplates.create': {
    platformOnly: { provider: 'providerA', templateId: '900', userVersion: '9.0.0' },
  },
  'miniPrograms.manualTemplates.delete': { addresses: (t) => ({ id: t.resources.templateId }) },
  'members.list': { platformOnly: {} },
  'members.invitations': { platformOnly: {} },
  'members.invite': { platformOnly: { email: 'someone@example.com', role: 'viewer' } },
  'members.revokeInvitation': { addresses: (t) => ({ invitationId: t.resources.invitationId }) },
  'members.changeRole': { addresses: (t) => ({ operatorId: t.ids.viewer, role: 'admin' }) },
  'members.remove': { addresses: (t) => ({ operatorId: t.ids.viewer }) },
  'members.endSessions': { addresses: (t) => ({ operatorId: t.ids.viewer }) },
  'sandbox.applyments': { platformOnly: {} },
  'sandbox.moveApplyment': {
    addresses: (t) => ({ provider: 'providerA', applymentId: t.resources.applymentId, state: 'finished' }),
  },
  'sandbox.audits': { platformOnly: {} },
  'sandbox.decideAudit': { addresses: (t) => ({ auditId: t.resources.auditId, decision: 'approve' }) },
  'sandbox.pushTicket': { platformOnly: {} },
  'subMerchantConsole.refresh': { addresses: (t) => ({ id: t.resources.subMerchantId }) },
  'subMerchantConsole.queue': { platformOnly: {} },
  'subMerchantConsole.counts': { platformOnly: {} },
  // Another platform's ids in a selection match nothing (sub-merchant-work-queue.test.ts); here: the platform.
  'subMerchantConsole.refreshSelected': { platformOnly: { ids: ['sm_isolation'] } },
  'subMerchantConsole.assign': { platformOnly: { ids: ['sm_isolation'], operatorId: null } },
  'auditLog.list': { platformOnly: {} },
  'onboardingLinks.list': { addresses: (t) => ({ subMerchantId: t.resources.subMerchantId }) },
  'onboardingLinks.create': { addresses: (t) => ({ subMerchantId: t.resources.subMerchantId }) },
  'onboardingLinks.revoke': {
    addresses: (t) => ({ subMerchantId: t.resources.subMerchantId, linkId: t.resources.onboardingLinkId }),
  },
  'sellerAuthorization.startAuthorizationWithSellerPage': {
    platformOnly: { platform: 'providerA', redirectUri: 'https://b.example.com/done' },
  },
  'sellerAuthorization.authorizerAudits': { addresses: (t) => ({ platform: 'providerA', appId: t.resources.appId }) },
  'invitations.requestSignUpMail': {
    byToken: 'the link names the platform; it only mails the invited address (account-mailbox-proof.test.ts)',
  },
  'invitations.completeSignUp': {
    byToken: 'the mailed link names the invitation; whoever holds it reads the invited mailbox',
  },
  'passwordReset.request': {
    byToken: 'names an e-mail address, no platform; the answer is the same for every address',
  },
  'passwordReset.complete': {
    byToken: "the mailed link names the account; whoever holds it reads the account's mailbox",
  },
  'invitations.accept': { byToken: "the link names the platform; only the invited address's own session accepts" },
};

type SandboxEntry =
  /** Names one of the target's sandbox objects: another platform gets the same 404 as for an unknown one. */
  | { addresses: (t: Target) => RequestParts }
  /** Lists the caller's own sandbox objects: nothing of another platform may appear. */
  | { lists: RequestParts }
  /** Acts on the caller's own namespace (or the instance-wide ticket) and names no record. */
  | { ownPlatformOnly: string; body?: unknown; params?: Record<string, string> };

const sandboxMatrix: Record<string, SandboxEntry> = {
  'GET /sandbox/control/{provider}/applyments': { lists: { params: { provider: 'providerA' } } },
  'POST /sandbox/control/{provider}/applyments/{applymentId}': {
    addresses: (t) => ({
      params: { provider: 'providerA', applymentId: t.resources.applymentId },
      body: { state: 'finished' },
    }),
  },
  'POST /sandbox/control/{provider}/audits/{auditId}': {
    addresses: (t) => ({
      params: { provider: 'providerA', auditId: t.resources.auditId },
      body: { decision: 'approve' },
    }),
  },
  'POST /sandbox/control/{provider}/authorizations': {
    addresses: (t) => ({ params: { provider: 'providerA' }, body: { state: t.resources.state } }),
  },
  'DELETE /sandbox/control/{provider}/authorizations/{appId}': {
    addresses: (t) => ({ params: { provider: 'providerA', appId: t.resources.appId } }),
  },
  'POST /sandbox/control/{provider}/tokens/expire': {
    addresses: (t) => ({ params: { provider: 'providerA' }, body: { authorizerAppId: t.resources.appId } }),
  },
  'POST /sandbox/control/providerB/alipay-accounts': {
    ownPlatformOnly: "marks an account in the calling platform's sandbox namespace",
    body: { logonId: 'b-owner@example.com', realName: false },
  },
  'GET /sandbox/control/{provider}/audit-policy': {
    ownPlatformOnly: "shows the audit policy of the calling platform's sandbox namespace",
    params: { provider: 'providerA' },
  },
  'PUT /sandbox/control/{provider}/audit-policy': {
    ownPlatformOnly:
      "sets the audit policy of the calling platform's sandbox namespace (A's is checked in its own test)",
    params: { provider: 'providerA' },
    body: { durationSeconds: 5, rejectRate: 0.5 },
  },
  'GET /sandbox/control/{provider}/calls': {
    ownPlatformOnly: "counts the calls the calling platform's sandbox namespace received",
    params: { provider: 'providerA' },
  },
  'GET /sandbox/control/faults': { lists: {} },
  'PUT /sandbox/control/faults': {
    ownPlatformOnly: "replaces the calling platform's faults (checked below: A's stay)",
  },
  'DELETE /sandbox/control/faults': {
    ownPlatformOnly: "clears the calling platform's faults (checked below: A's stay)",
  },
  'POST /sandbox/control/providerA/ticket': { ownPlatformOnly: 'pushes the instance-wide component ticket' },
  'GET /sandbox/control/providerA/platform-keys': {
    ownPlatformOnly: "shows the mode and certificate serials of the calling platform's sandbox merchant",
  },
  'PUT /sandbox/control/providerA/platform-keys': {
    ownPlatformOnly: "switches the WeChat Pay mode of the calling platform's sandbox merchant",
    body: { mode: 'both' },
  },
  'POST /sandbox/control/providerA/platform-keys/rotate': {
    ownPlatformOnly: "rotates the certificate of the calling platform's sandbox merchant",
  },
  'GET /sandbox/control/providerB/signing-mode': {
    ownPlatformOnly: "shows the Alipay signing mode of the calling platform's sandbox namespace",
  },
  'PUT /sandbox/control/providerB/signing-mode': {
    ownPlatformOnly: "switches the Alipay signing mode of the calling platform's sandbox namespace",
    body: { mode: 'certificate' },
  },
};

/** A's objects in A's sandbox namespace, as the emulators store them, named by A's resource ids. */
async function seedSandbox(t: TenantWithResources) {
  const store = platformSandbox(t.platformId).store;
  const at = new Date().toISOString();
  const applyment: SandboxApplyment = {
    business_code: submissionId({ id: t.resources.subMerchantId, provider: 'providerA', reviewRound: 0 }),
    applyment_id: t.resources.applymentId,
    state: 'APPLYMENT_STATE_AUDITING',
    round: 1,
    audit_detail: [],
    request: {},
    submitted_at: at,
    updated_at: at,
  };
  await store.put(APPLYMENT_KIND, applyment.business_code, applyment);
  const authorizer: Authorizer = {
    appId: t.resources.appId,
    userName: 'gh_000000000000',
    nickname: `Shop of ${t.platformId}`,
    principalName: 'Sandbox Trading Co., Ltd.',
    headImg: 'https://sandbox.invalid/head.png',
    funcInfo: [18],
    refreshToken: 'refreshtoken@@@seeded',
    status: 'authorized',
    authorizedAt: Date.now(),
    updatedAt: Date.now(),
  };
  await store.put(SANDBOX_KIND.authorizer, authorizer.appId, authorizer);
  const audit: Audit = {
    auditId: t.resources.auditId,
    appId: t.resources.appId,
    status: 2,
    templateId: 1,
    experienceSeq: 1,
    userVersion: '1.0.0',
    userDesc: 'seeded',
    submitTime: 0,
  };
  await store.put(SANDBOX_KIND.audit, audit.auditId, audit);
  await setFaults(store, [{ provider: 'providerB', match: `/${t.platformId}`, status: 503 }]);
}

/** Same shape as a target, every id fresh: what "does not exist" looks like. */
const nowhere = (): Target => ({
  platformId: newId('plat'),
  apiKeyId: newId('key'),
  ids: { admin: newId('op'), operator: newId('op'), viewer: newId('op') },
  resources: {
    subMerchantId: newId('sm'),
    applymentId: `20${randomBase62(14)}`,
    mediaId: `V1_${randomBase62(24)}`,
    appId: `wx${randomBase62(16).toLowerCase()}`,
    auditId: newId('aud'),
    templateId: newId('mpt'),
    eventId: newId('evt'),
    deliveryId: newId('whd'),
    state: randomBase62(32),
    invitationId: newId('inv'),
    onboardingLinkId: newId('obl'),
    rolloutId: newId('ro'),
  },
});

const idsOf = (t: Target) => [t.platformId, t.apiKeyId, ...Object.values(t.ids), ...Object.values(t.resources)];

/** An answer with the request's own ids and the request id blanked, to compare "theirs" with "nobody's". */
function normalized(text: string, target: Target) {
  let out = text.replace(/"requestId":"[^"]*"/g, '"requestId":"…"');
  for (const id of idsOf(target)) out = out.split(id).join('<id>');
  return out;
}

const routes = await Promise.all(listRouteFiles().map(async (r) => ({ ...r, module: await r.load() })));
const resourceOps = operations.filter((op) => op.auth !== 'none');

describeEachDatabase('tenant isolation matrix', (database, driver) => {
  useRequestScope();
  const snapshot = databaseSnapshotter(database);
  let a: TenantWithResources;
  let b: TenantWithResources;
  let cookies: { bAdmin: string; outsider: string };
  let checks = 0;

  beforeAll(async () => {
    a = await createTenantWithResources(database().db);
    b = await createTenantWithResources(database().db);
    await seedSandbox(a);
    // Manual template mode keeps template lists on this service (upstream mode asks the shared upstream).
    await setPlatformConfig(
      { db: database().db, platformId: b.platformId, actor: 'test' },
      { key: 'miniprogram.template_mode', value: 'manual' },
    );
    const outsider = await createOperator(
      { db: database().db, actor: 'test' },
      {
        email: `outsider-${randomBase62(8)}@example.com`,
        password: 'a-long-password-1',
      },
    );
    cookies = { bAdmin: await sessionCookie(b.ids.admin), outsider: await sessionCookie(outsider.operatorId) };
    return () => reportRequestCount(`[isolation] ${checks} cross-tenant requests [${driver}]`);
  });

  const theirs = (text: string, target: Target) => ownedIds(a).filter((id) => normalized(text, target).includes(id));

  async function rest(op: Operation, parts: RequestParts, headers: Record<string, string>) {
    checks++;
    const route = routes.find((r) => r.template === op.path)!;
    const method = op.method.toUpperCase() as HttpMethod;
    const query = parts.query ? `?${new URLSearchParams(parts.query)}` : '';
    let body: BodyInit | undefined;
    if (parts.body === 'multipart') {
      body = new FormData();
      body.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'a.png');
    } else if (parts.body !== undefined) {
      body = JSON.stringify(parts.body);
      headers = { ...headers, 'content-type': 'application/json' };
    }
    const response = await callRoute(
      inRequestScope(route.module[method]!),
      `${fillTemplate(op.path, parts.params ?? {})}${query}`,
      {
        method,
        headers,
        body,
        params: routeParams(op.path, parts.params ?? {}),
      },
    );
    return { status: response.status, text: await response.text() };
  }

  const restCallers = (op: Operation) => {
    const key = {
      authorization: `Bearer ${b.apiKey}`,
      ...(op.serviceCode ? { 'x-service-code': op.serviceCode } : {}),
    };
    if (!op.path.startsWith('/admin/')) return { "B's API key": key };
    return {
      "B's API key": key,
      "B's admin session": { cookie: cookies.bAdmin },
      'an operator of no platform': { cookie: cookies.outsider },
    };
  };

  for (const op of resourceOps) {
    const entry = restMatrix[op.operationId];
    if (!entry || 'ownPlatformOnly' in entry) continue;
    it(`${op.method.toUpperCase()} ${op.path} (${op.operationId})`, async () => {
      if ('lists' in entry) {
        const answer = await rest(op, entry.lists, restCallers(op)["B's API key"]);
        expect(answer.status, answer.text).toBe(200);
        expect(theirs(answer.text, nowhere())).toEqual([]);
        return;
      }
      for (const [who, headers] of Object.entries(restCallers(op))) {
        const before = await snapshot();
        const aimedAtA = await rest(op, entry.addresses(a), headers);
        expect(changedTables(before, await snapshot()), who).toEqual([]);
        const missing = nowhere();
        const aimedAtNothing = await rest(op, entry.addresses(missing), headers);
        expect(aimedAtA.status, `${who}: ${aimedAtA.text}`).toBe(entry.status ?? 404);
        expect(normalized(aimedAtA.text, a), who).toBe(normalized(aimedAtNothing.text, missing));
        expect(theirs(aimedAtA.text, a), who).toEqual([]);
      }
      // B's own platform in the path, A's record in the rest of it.
      if (op.path.startsWith('/admin/') && op.path.includes('{mediaId}')) {
        const own = await rest(
          op,
          { params: { ...entry.addresses(a).params, tenantId: b.platformId } },
          { authorization: `Bearer ${b.apiKey}` },
        );
        expect(own.status).toBe(404);
      }
    });
  }

  it("GET /v1/payments/sub-merchants: a search by every key of another platform's record finds nothing", async () => {
    const [record] = await database()
      .db.select({ distributor: subMerchants.distributorExternalUserId })
      .from(subMerchants)
      .where(eq(subMerchants.id, a.resources.subMerchantId));
    const list = operations.find((op) => op.operationId === 'listSubMerchants')!;
    for (const q of [a.resources.subMerchantId, a.resources.applymentId, record!.distributor!, 'seller-'])
      for (const queue of ['all', 'action']) {
        const answer = await rest(list, { query: { q, queue } }, restCallers(list)["B's API key"]);
        expect(answer.status, answer.text).toBe(200);
        expect(theirs(answer.text, nowhere()), q).toEqual([]);
        expect(answer.text).not.toContain(record!.distributor!);
      }
  });

  async function control(key: string, parts: RequestParts, headers: Record<string, string>) {
    checks++;
    const [method, template] = key.split(' ') as [HttpMethod, string];
    const route = routes.find((r) => r.template === template)!;
    const body = parts.body === undefined ? undefined : JSON.stringify(parts.body);
    const response = await callRoute(
      inRequestScope(route.module[method]!),
      fillTemplate(template, parts.params ?? {}),
      {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body,
        params: routeParams(template, parts.params ?? {}),
      },
    );
    return { status: response.status, text: await response.text() };
  }

  /** B's key; B's admin and an operator of no platform naming the target platform in X-Platform-Id. */
  const controlCallers = (target: Target): Record<string, Record<string, string>> => ({
    "B's API key": { authorization: `Bearer ${b.apiKey}` },
    "B's admin session": { cookie: cookies.bAdmin, 'x-platform-id': target.platformId },
    'an operator of no platform': { cookie: cookies.outsider, 'x-platform-id': target.platformId },
  });

  for (const [key, entry] of Object.entries(sandboxMatrix)) {
    it(`sandbox control ${key}`, async () => {
      if ('ownPlatformOnly' in entry) {
        const faultsOfA = await control('GET /sandbox/control/faults', {}, { authorization: `Bearer ${a.apiKey}` });
        const answer = await control(
          key,
          {
            params: entry.params,
            body: entry.body ?? (key.startsWith('PUT') ? [{ provider: 'providerA', status: 500 }] : undefined),
          },
          { authorization: `Bearer ${b.apiKey}` },
        );
        expect(answer.status, answer.text).toBeLessThan(300);
        expect(theirs(answer.text, nowhere())).toEqual([]);
        expect(await control('GET /sandbox/control/faults', {}, { authorization: `Bearer ${a.apiKey}` })).toEqual(
          faultsOfA,
        );
        await control('DELETE /sandbox/control/faults', {}, { authorization: `Bearer ${b.apiKey}` });
        return;
      }
      if ('lists' in entry) {
        const own: Record<string, string>[] = [
          { authorization: `Bearer ${b.apiKey}` },
          { cookie: cookies.bAdmin, 'x-platform-id': b.platformId },
        ];
        for (const headers of own) {
          const answer = await control(key, entry.lists, headers);
          expect(answer.status, answer.text).toBe(200);
          expect(theirs(answer.text, nowhere())).toEqual([]);
        }
        // A sees its own: the list is not empty merely because nothing was there.
        expect(
          theirs((await control(key, entry.lists, { authorization: `Bearer ${a.apiKey}` })).text, nowhere()),
        ).not.toEqual([]);
        return;
      }
      const missing = nowhere();
      const callers = Object.entries(controlCallers(a));
      const nobody = controlCallers(missing);
      // B's admin on B's own platform, aimed at A's object.
      callers.push(["B's admin session on B", { cookie: cookies.bAdmin, 'x-platform-id': b.platformId }]);
      const nobodyOf = (who: string) =>
        who === "B's admin session on B" ? { cookie: cookies.bAdmin, 'x-platform-id': b.platformId } : nobody[who]!;
      for (const [who, headers] of callers) {
        const before = await snapshot();
        const aimedAtA = await control(key, entry.addresses(a), headers);
        expect(changedTables(before, await snapshot()), who).toEqual([]);
        const aimedAtNothing = await control(key, entry.addresses(missing), nobodyOf(who));
        expect(aimedAtA.status, `${who}: ${aimedAtA.text}`).toBe(404);
        expect(normalized(aimedAtA.text, a), who).toBe(normalized(aimedAtNothing.text, missing));
        expect(theirs(aimedAtA.text, a), who).toEqual([]);
      }
    });
  }

  const asOperator = async (
    cookie: string,
    path: string,
    type: 'query' | 'mutation',
    input: Record<string, unknown>,
  ) => {
    checks++;
    return callTrpcOverHttp({
      method: type === 'query' ? 'GET' : 'POST',
      path,
      input: JSON.stringify(input),
      contentType: 'application/json',
      cookie,
    });
  };
  const trpcCode = (text: string) =>
    (JSON.parse(text) as { error?: { data: { code: string } } }).error?.data.code ?? 'OK';

  for (const procedure of trpcProcedures) {
    const entry = trpcMatrix[procedure.path];
    if (!entry || 'byToken' in entry) continue;
    it(`tRPC ${procedure.type} ${procedure.path}`, async () => {
      if ('operatorOnly' in entry) {
        if (procedure.type === 'query')
          expect(theirs((await asOperator(cookies.bAdmin, procedure.path, 'query', {})).text, nowhere())).toEqual([]);
        return;
      }
      const fields = 'addresses' in entry ? entry.addresses : () => entry.platformOnly;
      const before = await snapshot();
      // A's platform named by B's admin and by an operator of no platform.
      for (const [who, cookie] of Object.entries(cookies)) {
        const answer = await asOperator(cookie, procedure.path, procedure.type, {
          ...fields(a),
          platformId: a.platformId,
        });
        const missing = nowhere();
        const nothing = await asOperator(cookie, procedure.path, procedure.type, {
          ...fields(missing),
          platformId: missing.platformId,
        });
        expect(trpcCode(answer.text), `${who}: ${answer.text}`).toBe('NOT_FOUND');
        expect(normalized(answer.text, a), who).toBe(normalized(nothing.text, missing));
      }
      if ('addresses' in entry) {
        // B's own platform, A's record: the same as a record that does not exist.
        const answer = await asOperator(cookies.bAdmin, procedure.path, procedure.type, {
          ...entry.addresses(a),
          platformId: b.platformId,
        });
        const missing = { ...nowhere(), platformId: b.platformId };
        const nothing = await asOperator(cookies.bAdmin, procedure.path, procedure.type, {
          ...entry.addresses(missing),
          platformId: b.platformId,
        });
        expect(trpcCode(answer.text), answer.text).toBe('NOT_FOUND');
        expect(normalized(answer.text, a)).toBe(normalized(nothing.text, missing));
        expect(theirs(answer.text, a)).toEqual([]);
      } else if (procedure.type === 'query') {
        const answer = await asOperator(cookies.bAdmin, procedure.path, 'query', {
          ...entry.platformOnly,
          platformId: b.platformId,
        });
        expect(trpcCode(answer.text), answer.text).toBe('OK');
        expect(theirs(answer.text, nowhere())).toEqual([]);
      }
      expect(changedTables(before, await snapshot())).toEqual([]);
    });
  }
});

it('has an isolation entry for every /v1 and /admin operation and every tRPC procedure, and no stale ones', () => {
  expect(resourceOps.map((op) => op.operationId).filter((id) => !restMatrix[id])).toEqual([]);
  expect(Object.keys(restMatrix).filter((id) => !resourceOps.some((op) => op.operationId === id))).toEqual([]);
  expect(trpcProcedures.map((p) => p.path).filter((path) => !trpcMatrix[path])).toEqual([]);
  expect(Object.keys(trpcMatrix).filter((path) => !trpcProcedures.some((p) => p.path === path))).toEqual([]);
  const controlMethods = routes
    .filter((r) => r.template.startsWith('/sandbox/control/'))
    .flatMap((r) =>
      httpMethods.filter((m) => r.module[m] && !isUnsupportedMethod(r.module[m]!)).map((m) => `${m} ${r.template}`),
    );
  expect(controlMethods.filter((k) => !sandboxMatrix[k])).toEqual([]);
  expect(Object.keys(sandboxMatrix).filter((k) => !controlMethods.includes(k))).toEqual([]);
});
