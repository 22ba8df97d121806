import { rolloutActionBody } from '@/schemas/mini-program-rollouts';
import { miniProgramPost } from '@/server/http/mini-program-route';
import { pauseRollout } from '@/server/services/mini-program-rollouts/pause-rollout';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: miniProgramPost(rolloutActionBody, (ctx, provider) =>
    pauseRollout(ctx, { provider, id: ctx.params.rolloutId ?? '' }),
  ),
});
