import { rolloutActionBody } from '@/schemas/mini-program-rollouts';
import { miniProgramPost } from '@/server/http/mini-program-route';
import { resumeRollout } from '@/server/services/mini-program-rollouts/resume-rollout';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: miniProgramPost(rolloutActionBody, (ctx, provider) =>
    resumeRollout(ctx, { provider, id: ctx.params.rolloutId ?? '' }),
  ),
});
