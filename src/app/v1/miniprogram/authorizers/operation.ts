/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { authorizerListSchema } from '@/schemas/mini-program-responses';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
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
];
