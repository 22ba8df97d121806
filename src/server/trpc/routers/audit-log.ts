import { z } from 'zod';
import { getOperator } from '@/server/services/operators/get-operator';
import { auditLogQuery, listAuditLog } from '@/server/services/audit/list-audit-log';
import { platformProcedure, router } from '../init';

/** The platform's audit log page: who did what on the platform, and why (admins). */
export const auditLogRouter = router({
  list: platformProcedure('admin')
    .input(z.object(auditLogQuery.shape))
    .query(async ({ ctx, input }) => {
      const { platformId: _platformId, ...query } = input;
      // The day filters are the operator's days: the zone every console time is shown in.
      const operator = await getOperator({ db: ctx.db, actor: `operator:${ctx.operatorId}` }, ctx);
      return listAuditLog(ctx, query, operator?.timeZone);
    }),
});
