import { membersBody } from '@/schemas/mini-program-requests';
import { miniProgramPost } from '@/server/http/mini-program-route';
import { changeMembers } from '@/server/services/mini-programs/change-members';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: miniProgramPost(membersBody, (ctx, platform, body) =>
    changeMembers(ctx, { provider: platform, appId: body.authorizerAppId, change: body }),
  ),
});
