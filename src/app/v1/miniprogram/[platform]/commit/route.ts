import { commitBody } from '@/schemas/mini-program-requests';
import { miniProgramPost } from '@/server/http/mini-program-route';
import { commitCode } from '@/server/services/mini-programs/commit-code';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: miniProgramPost(commitBody, (ctx, provider, body) => commitCode(ctx, { provider, body })),
});
