import { authorizerAppIdQuery } from '@/schemas/mini-program-requests';
import { miniProgramGet } from '@/server/http/mini-program-route';
import { getVersions } from '@/server/services/mini-programs/get-versions';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: miniProgramGet(authorizerAppIdQuery, (ctx, platform, query) =>
    getVersions(ctx, { provider: platform, appId: query.authorizerAppId }),
  ),
});
