/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { updateAuthorizerBody } from '@/schemas/mini-program-requests';
import { authorizerSchema } from '@/schemas/mini-program-responses';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
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
    method: 'patch',
    path: '/v1/miniprogram/authorizers/{appId}',
    operationId: 'updateAuthorizer',
    summary: 'Update an authorizer',
    description:
      "Sets the authorizer's `ext` values, which a rollout's ext JSON template reads as `{{ext.<key>}}` (the rollout's `authorizerExt` overrides them key by key). A JSON merge patch: a string (≤ 256) sets a key, null removes it, keys not sent stay; keys are 1–64 letters, digits, `_` or `-`; at most 50 keys. Another platform's app id is 404.",
    tag: 'Mini programs',
    serviceCode: 'miniprogram',
    auth: 'apiKey',
    body: updateAuthorizerBody,
    bodyExample: { ext: { shopId: 'shop-1', city: '杭州', oldKey: null } },
    responses: { 200: { description: 'The authorizer with its ext values.', schema: authorizerSchema } },
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
];
