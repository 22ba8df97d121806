import { createRolloutBody, listRolloutsQuery } from '@/schemas/mini-program-rollouts';
import { miniProgramGet, miniProgramPost } from '@/server/http/mini-program-route';
import { createRollout } from '@/server/services/mini-program-rollouts/create-rollout';
import { listRollouts } from '@/server/services/mini-program-rollouts/list-rollouts';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: miniProgramGet(listRolloutsQuery, (ctx, provider, query) => listRollouts(ctx, { provider, query })),
  POST: miniProgramPost(createRolloutBody, (ctx, provider, body) => createRollout(ctx, { provider, body })),
});
