import { checkUpstreamConnections } from '@/server/services/upstream-connections/check-upstream-connections';
import { platformProcedure, router } from '../init';

/**
 * The console's doctor (Settings → Upstream connections): the same checks as `npm run cli -- doctor`, for admins
 * (it calls the upstreams with the service's credentials). In sandbox mode against the platform's own sandbox.
 */
export const upstreamConnectionsRouter = router({
  check: platformProcedure('admin').mutation(({ ctx }) =>
    checkUpstreamConnections(ctx, { platformId: ctx.platformId }),
  ),
});
