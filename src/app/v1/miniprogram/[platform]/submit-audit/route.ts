import { submitAuditBody } from '@/schemas/mini-program-requests';
import { miniProgramPost } from '@/server/http/mini-program-route';
import { submitAudit } from '@/server/services/mini-programs/submit-audit';
import { defineRoute } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: miniProgramPost(submitAuditBody, (ctx, provider, body) => submitAudit(ctx, { provider, body })),
});
