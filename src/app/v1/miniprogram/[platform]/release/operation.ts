/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { releaseActionBody } from '@/schemas/mini-program-requests';
import { releaseSchema } from '@/schemas/mini-program-responses';
import { exampleAppId, miniProgramOperation } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  miniProgramOperation({
    method: 'post',
    path: '/v1/miniprogram/{platform}/release',
    operationId: 'releaseMiniProgram',
    summary: 'Release the approved version',
    description:
      'Releases the latest audited version. Before the latest audit is approved → 409 `audit_not_approved`. Releasing again answers `replayed: true` and sends nothing upstream.',
    body: releaseActionBody,
    bodyExample: { authorizerAppId: exampleAppId },
    responses: { 200: { description: 'Released.', schema: releaseSchema } },
  }),
];
