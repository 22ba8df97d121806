import { authorizerAppIdQuery } from '@/schemas/mini-program-requests';
import { defineRoute } from '@/server/http/define-route';
import { miniProgramGet } from '@/server/http/mini-program-route';
import { getAuditStatus } from '@/server/services/mini-programs/get-audit-status';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: miniProgramGet(authorizerAppIdQuery, (ctx, platform, query) =>
    getAuditStatus(ctx, { provider: platform, auditId: ctx.params.auditId!, authorizerAppId: query.authorizerAppId }),
  ),
});
