/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { rolloutActionOperation } from '@/server/openapi/rollout-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  rolloutActionOperation({
    action: 'retry-failed',
    operationId: 'retryFailedMiniProgramRollout',
    summary: 'Retry failed authorizers',
    description:
      'Failed authorizers go again from the step that failed (a rejected audit from the submit); the rollout runs again.',
  }),
];
