import { getRolloutQuery } from '@/schemas/mini-program-rollouts';
import { miniProgramGet } from '@/server/http/mini-program-route';
import { getRollout } from '@/server/services/mini-program-rollouts/get-rollout';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: miniProgramGet(getRolloutQuery, (ctx, provider, query) =>
    getRollout(ctx, { provider, id: ctx.params.rolloutId ?? '', query }),
  ),
});
