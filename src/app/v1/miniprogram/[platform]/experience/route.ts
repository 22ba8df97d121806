import { experienceBody } from '@/schemas/mini-program-requests';
import { miniProgramPost } from '@/server/http/mini-program-route';
import { createExperience } from '@/server/services/mini-programs/create-experience';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: miniProgramPost(experienceBody, (ctx, platform, body) =>
    createExperience(ctx, { provider: platform, appId: body.authorizerAppId, path: body.path }),
  ),
});
