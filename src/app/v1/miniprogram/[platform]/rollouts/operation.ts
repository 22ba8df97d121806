/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { createRolloutBody, listRolloutsQuery } from '@/schemas/mini-program-rollouts';
import { rolloutListSchema, rolloutSchema } from '@/schemas/mini-program-rollout-responses';
import { miniProgramOperation } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  miniProgramOperation({
    method: 'post',
    path: '/v1/miniprogram/{platform}/rollouts',
    operationId: 'createMiniProgramRollout',
    summary: 'Start a rollout',
    description:
      'Commits one template version to many authorizers and, by policy, submits each for audit and releases it on approval; the executor runs it in the background (docs/mini-program-rollouts.md). Checked before anything is sent upstream: an unknown template or app id is 404, an `extJson` template that does not render to valid ext JSON for some authorizers is 422 `ext_json_invalid` listing them, an authorizer already in a running or paused rollout is 409 naming it. Send an Idempotency-Key to retry safely.',
    body: createRolloutBody,
    bodyExample: {
      templateId: '12',
      userVersion: '2.0.0',
      userDesc: '双十一版本',
      extJson:
        '{"extEnable":true,"extAppid":"{{appId}}","ext":{"sellerId":"{{sellerId}}","shopId":"{{ext.shopId}}"},"window":{}}',
      authorizerExt: { wx3c1f8e2a9b7d6c54: { shopId: 'shop-1' } },
      itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
      targets: { all: true },
      policy: { mode: 'submit_audit', release: 'auto', concurrency: 10 },
    },
    responses: { 200: { description: 'The rollout, running.', schema: rolloutSchema } },
  }),
  miniProgramOperation({
    method: 'get',
    path: '/v1/miniprogram/{platform}/rollouts',
    operationId: 'listMiniProgramRollouts',
    summary: 'List rollouts',
    description:
      "The platform's rollouts of this provider, newest first. Follow `nextCursor` (as `cursor`) while `hasMore` is true.",
    query: listRolloutsQuery,
    responses: { 200: { description: 'The rollouts.', schema: rolloutListSchema } },
  }),
];
