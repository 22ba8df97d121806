import { releaseActionBody } from '@/schemas/mini-program-requests';
import { miniProgramPost } from '@/server/http/mini-program-route';
import { releaseVersion } from '@/server/services/mini-programs/release-version';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: miniProgramPost(releaseActionBody, (ctx, platform, body) =>
    releaseVersion(ctx, { provider: platform, authorizerAppId: body.authorizerAppId, reason: body.reason }),
  ),
});
