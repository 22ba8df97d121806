/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { rolloutActionOperation } from '@/server/openapi/rollout-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  rolloutActionOperation({
    action: 'resume',
    operationId: 'resumeMiniProgramRollout',
    summary: 'Resume a rollout',
    description: 'A paused rollout runs again from where each authorizer stands.',
  }),
];
