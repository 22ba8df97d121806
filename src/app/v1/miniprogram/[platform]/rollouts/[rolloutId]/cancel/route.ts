import { rolloutActionBody } from '@/schemas/mini-program-rollouts';
import { miniProgramPost } from '@/server/http/mini-program-route';
import { cancelRollout } from '@/server/services/mini-program-rollouts/cancel-rollout';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: miniProgramPost(rolloutActionBody, (ctx, provider) =>
    cancelRollout(ctx, { provider, id: ctx.params.rolloutId ?? '' }),
  ),
});
