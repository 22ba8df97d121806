/** The four rollout actions' operations (pause, resume, cancel, retry-failed) share one shape. */
import { rolloutActionBody } from '@/schemas/mini-program-rollouts';
import { rolloutActionSchema } from '@/schemas/mini-program-rollout-responses';
import { miniProgramOperation } from './mini-program-operation';
import type { Operation } from './operation';

export const rolloutActionOperation = (input: {
  action: 'pause' | 'resume' | 'cancel' | 'retry-failed';
  operationId: string;
  summary: string;
  description: string;
}): Operation =>
  miniProgramOperation({
    method: 'post',
    path: `/v1/miniprogram/{platform}/rollouts/{rolloutId}/${input.action}`,
    operationId: input.operationId,
    summary: input.summary,
    description: `${input.description} A rollout not in a state the action applies to is 409 invalid_status_transition; an unknown id is 404.`,
    body: rolloutActionBody,
    bodyExample: {},
    responses: { 200: { description: 'The rollout after the action.', schema: rolloutActionSchema } },
  });
