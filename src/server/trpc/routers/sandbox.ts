import { z } from 'zod';
import { decideSandboxAudit } from '@/sandbox/control/decide-sandbox-audit';
import { listPlatformSandboxApplyments } from '@/sandbox/control/list-sandbox-applyments';
import { pushVerifyTicket } from '@/sandbox/control/mini-program-control';
import { moveSandboxApplyment } from '@/sandbox/control/move-sandbox-applyment';
import { decideSandboxAuditInput, moveSandboxApplymentInput } from '@/schemas/sandbox-requests';
import { platformSandbox } from '@/sandbox/sandbox-context';
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
    .mutation(({ ctx, input }) => moveSandboxApplyment(ctx, platformSandbox(ctx.platformId).store, without(input))),
  audits: platformProcedure('operator').query(({ ctx }) => {
    platformSandbox(ctx.platformId);
    return listPendingAudits(ctx);
  }),
  decideAudit: platformProcedure('operator')
    .input(z.object(decideSandboxAuditInput.shape))
    .mutation(({ ctx, input }) => decideSandboxAudit(ctx, platformSandbox(ctx.platformId).store, without(input))),
  pushTicket: platformProcedure('operator').mutation(async ({ ctx }) => ({
    delivered: await pushVerifyTicket(platformSandbox(ctx.platformId).shared),
  })),
});
