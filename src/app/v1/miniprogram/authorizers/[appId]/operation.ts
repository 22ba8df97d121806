/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
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
