import { z } from 'zod';
import { platformSandbox } from '@/sandbox/sandbox-context';
import { pushVerifyTicket } from '@/sandbox/mini-program-control';
import { decideSandboxAudit, decideSandboxAuditInput } from '@/server/services/platforms/decide-sandbox-audit';
import { listPendingAudits } from '@/server/services/platforms/list-pending-audits';
import { listPlatformSandboxApplyments } from '@/server/services/platforms/list-sandbox-applyments';
import { moveSandboxApplyment, moveSandboxApplymentInput } from '@/server/services/platforms/move-sandbox-applyment';
import { platformProcedure, router } from '../init';

// The services' inputs are strict; platformProcedure contributes platformId, so their shapes are reused.
const without = <T extends { platformId: string }>({ platformId: _platformId, ...rest }: T) => rest;

/**
 * The sandbox page (operators and admins), which works on the platform's own sandbox namespace; NOT_FOUND
 * outside UPSTREAM_MODE=sandbox, because platformSandbox() refuses there, as every /sandbox path does.
 */
export const consoleAdminRouter = router({
  sandbox: router({
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
  }),
});
