import { rolloutActionBody } from '@/schemas/mini-program-rollouts';
import { miniProgramPost } from '@/server/http/mini-program-route';
import { retryFailedItems } from '@/server/services/mini-program-rollouts/retry-failed-items';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: miniProgramPost(rolloutActionBody, (ctx, provider) =>
    retryFailedItems(ctx, { provider, id: ctx.params.rolloutId ?? '' }),
  ),
});
