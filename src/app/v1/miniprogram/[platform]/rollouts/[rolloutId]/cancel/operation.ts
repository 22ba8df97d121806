/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { rolloutActionOperation } from '@/server/openapi/rollout-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  rolloutActionOperation({
    action: 'cancel',
    operationId: 'cancelMiniProgramRollout',
    summary: 'Cancel a rollout',
    description:
      "Stops new steps: authorizers not finished are skipped (an audit already submitted stays under review upstream and is not released). The answer's `doneUpstream` says what was already done.",
  }),
];
