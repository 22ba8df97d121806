import { z } from 'zod';
import { decideSandboxAudit } from '@/sandbox/control/decide-sandbox-audit';
import { listPlatformSandboxApplyments } from '@/sandbox/control/list-sandbox-applyments';
import { moveSandboxApplyment } from '@/sandbox/control/move-sandbox-applyment';
import { decideSandboxAuditInput, moveSandboxApplymentInput } from '@/schemas/sandbox-requests';
import { platformSandbox, platformSandboxWithKeys, pushVerifyTicket } from '@/sandbox/sandbox-context';
import { listPendingAudits } from '@/sandbox/control/list-pending-audits';
import { platformProcedure, router } from '../init';

// The use cases' inputs are strict; platformProcedure contributes platformId, so their shapes are reused.
const without = <T extends { platformId: string }>({ platformId: _platformId, ...rest }: T) => rest;

/**
 * The console's sandbox page (operators and admins), which works on the platform's own sandbox namespace;
 * NOT_FOUND outside UPSTREAM_MODE=sandbox, because platformSandbox() refuses there, as every /sandbox path does.
 */
export const sandboxRouter = router({
  applyments: platformProcedure('operator').query(({ ctx }) =>
    listPlatformSandboxApplyments(ctx, platformSandbox(ctx.platformId).store),
  ),
  moveApplyment: platformProcedure('operator')
    .input(z.object(moveSandboxApplymentInput.shape))
    .mutation(async ({ ctx, input }) =>
      moveSandboxApplyment(ctx, await platformSandboxWithKeys(ctx.platformId), without(input)),
    ),
  audits: platformProcedure('operator').query(({ ctx }) => {
    platformSandbox(ctx.platformId);
    return listPendingAudits(ctx);
  }),
  decideAudit: platformProcedure('operator')
    .input(z.object(decideSandboxAuditInput.shape))
    .mutation(async ({ ctx, input }) =>
      decideSandboxAudit(ctx, await platformSandboxWithKeys(ctx.platformId), without(input)),
    ),
  pushTicket: platformProcedure('operator').mutation(async ({ ctx }) => ({
    delivered: await pushVerifyTicket(await platformSandboxWithKeys(ctx.platformId)),
  })),
});
