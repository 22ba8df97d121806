import { z } from 'zod';
import {
  createRolloutBody,
  getRolloutQuery,
  listRolloutsQuery,
  previewRolloutQuery,
} from '@/schemas/mini-program-rollouts';
import { cancelRollout } from '@/server/services/mini-program-rollouts/cancel-rollout';
import { createRollout } from '@/server/services/mini-program-rollouts/create-rollout';
import { getRollout } from '@/server/services/mini-program-rollouts/get-rollout';
import { listRollouts } from '@/server/services/mini-program-rollouts/list-rollouts';
import { previewRollout } from '@/server/services/mini-program-rollouts/preview-rollout';
import { pauseRollout } from '@/server/services/mini-program-rollouts/pause-rollout';
import { resumeRollout } from '@/server/services/mini-program-rollouts/resume-rollout';
import { retryFailedItems } from '@/server/services/mini-program-rollouts/retry-failed-items';
import { platformProcedure, platformRequest, router, withoutPlatformId } from '../init';
import { providerSchema } from '@/domain/providers';

const onRollout = platformRequest(z.object({ platform: providerSchema, rolloutId: z.string().min(1).max(64) }));
const target = (input: z.infer<typeof onRollout>) => ({ provider: input.platform, id: input.rolloutId });

/**
 * The console's access to the same rollout services as /v1/miniprogram/{platform}/rollouts. Starting, resuming and
 * retrying can release versions, so they are the admin's (as a single release is), and so is the start form's
 * preview; pausing and cancelling only stop work and are an operator's.
 */
export const miniProgramRolloutsRouter = router({
  list: platformProcedure('viewer')
    .input(platformRequest(listRolloutsQuery, { platform: providerSchema }))
    .query(({ ctx, input }) => {
      const { platform, ...query } = withoutPlatformId(input);
      return listRollouts(ctx, { provider: platform, query });
    }),
  get: platformProcedure('viewer')
    .input(onRollout.extend(getRolloutQuery.shape))
    .query(({ ctx, input }) => {
      const { platform, rolloutId, platformId: _platformId, ...query } = input;
      return getRollout(ctx, { provider: platform, id: rolloutId, query });
    }),
  preview: platformProcedure('admin')
    .input(platformRequest(previewRolloutQuery, { platform: providerSchema }))
    .query(({ ctx, input }) => {
      const { platform, ...query } = withoutPlatformId(input);
      return previewRollout(ctx, { provider: platform, query });
    }),
  create: platformProcedure('admin')
    .input(platformRequest(createRolloutBody, { platform: providerSchema }))
    .mutation(({ ctx, input }) => {
      const { platform, ...body } = withoutPlatformId(input);
      return createRollout(ctx, { provider: platform, body });
    }),
  pause: platformProcedure('operator')
    .input(onRollout)
    .mutation(({ ctx, input }) => pauseRollout(ctx, target(input))),
  resume: platformProcedure('admin')
    .input(onRollout)
    .mutation(({ ctx, input }) => resumeRollout(ctx, target(input))),
  cancel: platformProcedure('operator')
    .input(onRollout)
    .mutation(({ ctx, input }) => cancelRollout(ctx, target(input))),
  retryFailed: platformProcedure('admin')
    .input(onRollout)
    .mutation(({ ctx, input }) => retryFailedItems(ctx, target(input))),
});
