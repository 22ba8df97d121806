/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { authorizerAppIdQuery } from '@/schemas/mini-program-requests';
import { baseinfoSchema } from '@/schemas/mini-program-responses';
import { miniProgramOperation } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  miniProgramOperation({
    method: 'get',
    path: '/v1/miniprogram/{platform}/baseinfo',
    operationId: 'getMiniProgramBaseinfo',
    summary: "The authorizer's basic info",
    description: "The mini program's basic information, read from the provider.",
    query: authorizerAppIdQuery,
    responses: { 200: { description: 'The basic info.', schema: baseinfoSchema } },
  }),
];
