import { decideSandboxAudit } from '@/sandbox/control/decide-sandbox-audit';
import { listPlatformSandboxApplyments } from '@/sandbox/control/list-sandbox-applyments';
import { moveSandboxApplyment } from '@/sandbox/control/move-sandbox-applyment';
import {
  decideSandboxAuditInput,
  listSandboxApplymentsInput,
  moveSandboxApplymentInput,
} from '@/schemas/sandbox-requests';
import { platformSandbox, platformSandboxWithKeys, pushVerifyTicket } from '@/sandbox/sandbox-context';
import { listPendingAudits } from '@/sandbox/control/list-pending-audits';
import { platformProcedure, platformRequest, router, withoutPlatformId } from '../init';

/**
 * The console's sandbox page (operators and admins), which works on the platform's own sandbox namespace;
 * NOT_FOUND outside UPSTREAM_MODE=sandbox, because platformSandbox() refuses there, as every /sandbox path does.
 */
export const sandboxRouter = router({
  applyments: platformProcedure('operator')
    .input(platformRequest(listSandboxApplymentsInput))
    .query(({ ctx, input }) =>
      listPlatformSandboxApplyments(ctx, platformSandbox(ctx.platformId).store, withoutPlatformId(input)),
    ),
  moveApplyment: platformProcedure('operator')
    .input(platformRequest(moveSandboxApplymentInput))
    .mutation(async ({ ctx, input }) =>
      moveSandboxApplyment(ctx, await platformSandboxWithKeys(ctx.platformId), withoutPlatformId(input)),
    ),
  audits: platformProcedure('operator').query(({ ctx }) => {
    platformSandbox(ctx.platformId);
    return listPendingAudits(ctx);
  }),
  decideAudit: platformProcedure('operator')
    .input(platformRequest(decideSandboxAuditInput))
    .mutation(async ({ ctx, input }) =>
      decideSandboxAudit(ctx, await platformSandboxWithKeys(ctx.platformId), withoutPlatformId(input)),
    ),
  pushTicket: platformProcedure('operator').mutation(async ({ ctx }) => ({
    delivered: await pushVerifyTicket(await platformSandboxWithKeys(ctx.platformId)),
  })),
});
