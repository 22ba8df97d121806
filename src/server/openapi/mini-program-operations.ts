/** The hosted mini-program area's operations (docs/product/service.md §4.2, docs/product/decisions.md §5). */
import {
  authorizeBody,
  authorizeCallbackQuery,
  releaseActionBody,
  authorizerAppIdQuery,
  commitBody,
  experienceBody,
  membersBody,
  submitAuditBody,
  templatesQuery,
} from '@/schemas/mini-program-requests';
import {
  auditStatusSchema,
  auditSubmittedSchema,
  authorizationStartedSchema,
  authorizerListSchema,
  authorizerSchema,
  baseinfoSchema,
  commitSchema,
  experienceSchema,
  membersSchema,
  releaseSchema,
  rollbackSchema,
  templatesSchema,
  versionsSchema,
} from '@/schemas/mini-program-responses';
import type { Operation } from './operations';
import { providerSchema } from '@/domain/providers';

const appId = 'wx3c1f8e2a9b7d6c54';
const platformNote = '`{platform}` is `providerA` (WeChat) or `providerB` (Alipay); any other value is 404.';
// Every call on an authorizer goes upstream with its token: the authorizer may be unknown (404) or revoked (409),
// and the upstream may refuse (422), throttle (429), fail (502) or time out (504).
const upstreamErrors = [400, 401, 403, 404, 409, 422, 429, 502, 504];

type PlatformOperation = Omit<Operation, 'tag' | 'serviceCode' | 'auth' | 'errors' | 'description'> & {
  description: string;
  errors?: number[];
};

/** A /v1/miniprogram/{platform}/… operation: API key, service code miniprogram, the upstream error set. */
const onPlatform = (op: PlatformOperation): Operation => ({
  tag: 'Mini programs',
  serviceCode: 'miniprogram',
  auth: 'apiKey',
  errors: upstreamErrors,
  pathParams: { platform: providerSchema },
  ...op,
  description: `${op.description} ${platformNote}`,
});

export const miniProgramOperations: Operation[] = [
  {
    method: 'post',
    path: '/v1/miniprogram/authorize',
    operationId: 'startMiniProgramAuthorization',
    summary: 'Start a mini-program authorization',
    description:
      'Returns the links a seller opens to authorize your platform on their mini program, and a single-use `state` bound to this platform, provider, `redirectUri` and `tenantId`. ' +
      'After granting, the seller lands on `redirectUri` with `auth_code` and `state`; pass both on to the callback. `redirectUri` must be https (http only for localhost in sandbox mode) ' +
      'and on a host of `miniprogram.redirect_uri_allowlist` when that is set. `mobileAuthUrl` is providerA only.',
    tag: 'Mini programs',
    serviceCode: 'miniprogram',
    auth: 'apiKey',
    body: authorizeBody,
    bodyExample: {
      platform: 'providerA',
      redirectUri: 'https://seller.example.com/authorized',
      tenantId: 'seller-1024',
    },
    responses: { 201: { description: 'The authorization links and state.', schema: authorizationStartedSchema } },
    errors: [400, 401, 403, 422, 429, 502, 504],
  },
  {
    method: 'get',
    path: '/v1/miniprogram/authorize/callback/{platform}',
    pathParams: { platform: providerSchema },
    operationId: 'completeMiniProgramAuthorization',
    summary: 'Complete an authorization',
    description:
      "Pass on the query of the redirect to your `redirectUri` (`auth_code`, or providerB's `app_auth_code`, and `state`). Stores the authorizer (tokens encrypted at rest) and returns it. " +
      "Unknown, expired or another platform's state → 400 `invalid_state`; a state already used → 409 `state_already_used`. If the upstream exchange fails, the same redirect can be retried. " +
      platformNote,
    tag: 'Mini programs',
    serviceCode: 'miniprogram',
    auth: 'apiKey',
    query: authorizeCallbackQuery.in,
    responses: { 200: { description: 'The authorizer.', schema: authorizerSchema } },
    errors: upstreamErrors,
  },
  {
    method: 'get',
    path: '/v1/miniprogram/authorizers',
    operationId: 'listAuthorizers',
    summary: 'List authorizers',
    description:
      'The mini programs authorized to this platform (also those the seller has since de-authorized: `status: unauthorized`), newest first.',
    tag: 'Mini programs',
    serviceCode: 'miniprogram',
    auth: 'apiKey',
    responses: { 200: { description: 'The authorizers.', schema: authorizerListSchema } },
    errors: [400, 401, 403],
  },
  {
    method: 'get',
    path: '/v1/miniprogram/authorizers/{appId}',
    operationId: 'getAuthorizer',
    summary: 'Retrieve an authorizer',
    description: "One authorizer by its app id; another platform's is 404.",
    tag: 'Mini programs',
    serviceCode: 'miniprogram',
    auth: 'apiKey',
    responses: { 200: { description: 'The authorizer.', schema: authorizerSchema } },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'delete',
    path: '/v1/miniprogram/authorizers/{appId}',
    operationId: 'deleteAuthorizer',
    summary: 'Remove an authorizer',
    description: "Removes the binding and its tokens. The upstream authorization itself is the seller's to revoke.",
    tag: 'Mini programs',
    serviceCode: 'miniprogram',
    auth: 'apiKey',
    responses: { 204: { description: 'Removed.' } },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'get',
    path: '/v1/miniprogram/templates',
    operationId: 'listMiniProgramTemplates',
    summary: 'List code templates',
    description:
      "`upstream` mode (default) lists the templates of the provider's template library; `manual` mode (platform config `miniprogram.template_mode`, or `.providerA` / `.providerB`) " +
      'lists the templates entered in the console: with `tenant_id`, those for that seller and those for every seller.',
    tag: 'Mini programs',
    serviceCode: 'miniprogram',
    auth: 'apiKey',
    query: templatesQuery,
    responses: { 200: { description: 'The mode and its templates.', schema: templatesSchema } },
    errors: [400, 401, 403, 422, 429, 502, 504],
  },
  onPlatform({
    method: 'post',
    path: '/v1/miniprogram/{platform}/commit',
    operationId: 'commitMiniProgramCode',
    summary: 'Commit template code',
    description:
      "Uploads the template with your `extJson` as the authorizer's new version (providerB: a version upload). `extJson` is checked before any upstream call: a string holding a JSON object with `extEnable`, `extAppid`, `ext` and `window`.",
    body: commitBody,
    bodyExample: {
      authorizerAppId: appId,
      templateId: '12',
      extJson: JSON.stringify({
        extEnable: true,
        extAppid: appId,
        ext: { shopId: 'shop-1' },
        window: { navigationBarTitleText: '示例小店' },
      }),
      userVersion: '1.0.0',
      userDesc: '首个版本',
    },
    responses: { 200: { description: 'The commit.', schema: commitSchema } },
  }),
  onPlatform({
    method: 'post',
    path: '/v1/miniprogram/{platform}/submit-audit',
    operationId: 'submitMiniProgramAudit',
    summary: 'Submit the latest commit for audit',
    description:
      'Submits the latest committed version for review. Follow it with audit-status or the `miniprogram.audit.*` push; nothing committed yet, or an audit already under way, is 409.',
    body: submitAuditBody,
    bodyExample: {
      authorizerAppId: appId,
      itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
      feedbackInfo: '测试账号：demo / 123456',
    },
    responses: { 200: { description: 'Submitted; the audit is pending.', schema: auditSubmittedSchema } },
  }),
  onPlatform({
    method: 'get',
    path: '/v1/miniprogram/{platform}/audit-status/{auditId}',
    operationId: 'getMiniProgramAuditStatus',
    summary: "Retrieve an audit's status",
    description:
      "A pending audit is refreshed from the upstream on read. An unknown `auditId` (or another authorizer's) is 404.",
    query: authorizerAppIdQuery,
    responses: { 200: { description: 'The audit status.', schema: auditStatusSchema } },
  }),
  onPlatform({
    method: 'post',
    path: '/v1/miniprogram/{platform}/release',
    operationId: 'releaseMiniProgram',
    summary: 'Release the approved version',
    description:
      'Releases the latest audited version. Before the latest audit is approved → 409 `audit_not_approved`. Releasing again answers `replayed: true` and sends nothing upstream.',
    body: releaseActionBody,
    bodyExample: { authorizerAppId: appId },
    responses: { 200: { description: 'Released.', schema: releaseSchema } },
  }),
  onPlatform({
    method: 'get',
    path: '/v1/miniprogram/{platform}/versions',
    operationId: 'listMiniProgramVersions',
    summary: 'Versions and audit history',
    description:
      'The experience, audited and released versions as the provider reports them (providerA: `experience`, `audit`, `release`; providerB: `versions`).',
    query: authorizerAppIdQuery,
    responses: { 200: { description: 'The versions.', schema: versionsSchema } },
  }),
  onPlatform({
    method: 'get',
    path: '/v1/miniprogram/{platform}/baseinfo',
    operationId: 'getMiniProgramBaseinfo',
    summary: "The authorizer's basic info",
    description: "The mini program's basic information, read from the provider.",
    query: authorizerAppIdQuery,
    responses: { 200: { description: 'The basic info.', schema: baseinfoSchema } },
  }),
  onPlatform({
    method: 'post',
    path: '/v1/miniprogram/{platform}/experience',
    operationId: 'createMiniProgramExperience',
    summary: 'Experience QR code',
    description:
      'A QR code (PNG, base64) that opens the latest committed version for testers, optionally at `path`. Nothing committed yet → 409.',
    body: experienceBody,
    bodyExample: { authorizerAppId: appId, path: 'pages/index/index?from=qa' },
    responses: { 200: { description: 'The QR code and the version it opens.', schema: experienceSchema } },
  }),
  onPlatform({
    method: 'post',
    path: '/v1/miniprogram/{platform}/rollback',
    operationId: 'rollbackMiniProgramRelease',
    summary: 'Roll back the release',
    description: 'Goes back to the previously released version.',
    body: releaseActionBody,
    bodyExample: { authorizerAppId: appId },
    responses: { 200: { description: 'Rolled back.', schema: rollbackSchema } },
  }),
  onPlatform({
    method: 'post',
    path: '/v1/miniprogram/{platform}/members',
    operationId: 'changeMiniProgramMembers',
    summary: 'Bind or unbind a tester / member',
    description:
      '`action` `bind` or `unbind`; `member` is a WeChat id (providerA experiencer) or an Alipay logon id (providerB, with `role`, default `DEVELOPER`). Returns the member list after the change.',
    body: membersBody,
    bodyExample: { authorizerAppId: appId, action: 'bind', member: 'qa_tester_01' },
    responses: { 200: { description: 'The members after the change.', schema: membersSchema } },
  }),
];
