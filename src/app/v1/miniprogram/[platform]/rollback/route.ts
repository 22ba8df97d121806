import { releaseActionBody } from '@/schemas/mini-program-requests';
import { miniProgramPost } from '@/server/http/mini-program-route';
import { rollbackRelease } from '@/server/services/mini-programs/rollback-release';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: miniProgramPost(releaseActionBody, (ctx, platform, body) =>
    rollbackRelease(ctx, { provider: platform, appId: body.authorizerAppId, reason: body.reason }),
  ),
});
