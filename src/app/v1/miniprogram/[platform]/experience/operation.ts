/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { experienceBody } from '@/schemas/mini-program-requests';
import { experienceSchema } from '@/schemas/mini-program-responses';
import { exampleAppId, miniProgramOperation } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  miniProgramOperation({
    method: 'post',
    path: '/v1/miniprogram/{platform}/experience',
    operationId: 'createMiniProgramExperience',
    summary: 'Experience QR code',
    description:
      'A QR code (PNG, base64) that opens the latest committed version for testers, optionally at `path`. Nothing committed yet → 409.',
    body: experienceBody,
    bodyExample: { authorizerAppId: exampleAppId, path: 'pages/index/index?from=qa' },
    responses: { 200: { description: 'The QR code and the version it opens.', schema: experienceSchema } },
  }),
];
