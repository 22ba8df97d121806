import { getOperator } from '@/server/services/operators/get-operator';
import { auditLogQuery, listAuditLog } from '@/server/services/audit/list-audit-log';
import { platformProcedure, platformRequest, router, withoutPlatformId } from '../init';

/** The platform's audit log page: who did what on the platform, and why (admins). */
export const auditLogRouter = router({
  list: platformProcedure('admin')
    .input(platformRequest(auditLogQuery))
    .query(async ({ ctx, input }) => {
      // The day filters are the operator's days: the zone every console time is shown in.
      const operator = await getOperator({ db: ctx.db, actor: `operator:${ctx.operatorId}` }, ctx);
      return listAuditLog(ctx, withoutPlatformId(input), operator?.timeZone);
    }),
});
