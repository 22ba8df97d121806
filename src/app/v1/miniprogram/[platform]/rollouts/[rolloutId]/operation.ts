/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { getRolloutQuery } from '@/schemas/mini-program-rollouts';
import { rolloutDetailSchema } from '@/schemas/mini-program-rollout-responses';
import { miniProgramOperation } from '@/server/openapi/mini-program-operation';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  miniProgramOperation({
    method: 'get',
    path: '/v1/miniprogram/{platform}/rollouts/{rolloutId}',
    operationId: 'getMiniProgramRollout',
    summary: 'Retrieve a rollout',
    description:
      "The rollout with its counts per step and per state, and a page of its authorizers (`state` filters them), each with the upstream's reason.",
    query: getRolloutQuery,
    responses: { 200: { description: 'The rollout.', schema: rolloutDetailSchema } },
  }),
];
