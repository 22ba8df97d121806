/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { releaseActionBody } from '@/schemas/mini-program-requests';
import { rollbackSchema } from '@/schemas/mini-program-responses';
import { exampleAppId, miniProgramOperation } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  miniProgramOperation({
    method: 'post',
    path: '/v1/miniprogram/{platform}/rollback',
    operationId: 'rollbackMiniProgramRelease',
    summary: 'Roll back the release',
    description: 'Goes back to the previously released version.',
    body: releaseActionBody,
    bodyExample: { authorizerAppId: exampleAppId },
    responses: { 200: { description: 'Rolled back.', schema: rollbackSchema } },
  }),
];
