/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { rolloutActionOperation } from '@/server/openapi/rollout-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  rolloutActionOperation({
    action: 'pause',
    operationId: 'pauseMiniProgramRollout',
    summary: 'Pause a rollout',
    description: 'Stops claiming new steps; steps in flight finish and audits under review are still followed.',
  }),
];
