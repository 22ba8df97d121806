import { z } from 'zod';
import { auditLogQuery, listAuditLog } from '@/server/services/audit/list-audit-log';
import { platformProcedure, router } from '../init';

/** Settings → 操作日志 / Audit log: who did what on the platform, and why (admins). */
export const auditLogRouter = router({
  list: platformProcedure('admin')
    .input(z.object(auditLogQuery.shape))
    .query(({ ctx, input }) => {
      const { platformId: _platformId, ...query } = input;
      return listAuditLog(ctx, query);
    }),
});
