/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { authorizerAppIdQuery } from '@/schemas/mini-program-requests';
import { versionsSchema } from '@/schemas/mini-program-responses';
import { miniProgramOperation } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  miniProgramOperation({
    method: 'get',
    path: '/v1/miniprogram/{platform}/versions',
    operationId: 'listMiniProgramVersions',
    summary: 'Versions and audit history',
    description:
      'The experience, audited and released versions as the provider reports them (providerA: `experience`, `audit`, `release`; providerB: `versions`).',
    query: authorizerAppIdQuery,
    responses: { 200: { description: 'The versions.', schema: versionsSchema } },
  }),
];
