import { z } from 'zod';
import { platformSandbox } from '@/sandbox/sandbox-context';
import { pushVerifyTicket } from '@/sandbox/mini-program-control';
import { invitePlatformMember, invitePlatformMemberInput } from '@/server/services/invitations/invite-platform-member';
import { listPlatformInvitations } from '@/server/services/invitations/list-platform-invitations';
import {
  revokePlatformInvitation,
  revokePlatformInvitationInput,
} from '@/server/services/invitations/revoke-platform-invitation';
import { changeMemberRole, changeMemberRoleInput } from '@/server/services/operators/change-member-role';
import { endMemberSessions, endMemberSessionsInput } from '@/server/services/operators/end-member-sessions';
import { listPlatformMembers } from '@/server/services/operators/list-platform-members';
import { removePlatformMember, removePlatformMemberInput } from '@/server/services/operators/remove-platform-member';
import { decideSandboxAudit, decideSandboxAuditInput } from '@/server/services/platforms/decide-sandbox-audit';
import { listPendingAudits } from '@/server/services/platforms/list-pending-audits';
import { listPlatformSandboxApplyments } from '@/server/services/platforms/list-sandbox-applyments';
import { moveSandboxApplyment, moveSandboxApplymentInput } from '@/server/services/platforms/move-sandbox-applyment';
import { platformProcedure, router } from '../init';

// The services' inputs are strict; platformProcedure contributes platformId, so their shapes are reused.
const without = <T extends { platformId: string }>({ platformId: _platformId, ...rest }: T) => rest;

/**
 * Settings' members, invitations and roles (admins), and the sandbox page (operators and admins), which works on
 * the platform's own sandbox namespace; NOT_FOUND outside UPSTREAM_MODE=sandbox, because platformSandbox()
 * refuses there, as every /sandbox path does.
 */
export const consoleAdminRouter = router({
  members: platformProcedure('admin').query(({ ctx }) => listPlatformMembers(ctx)),
  invitations: platformProcedure('admin').query(({ ctx }) => listPlatformInvitations(ctx)),
  inviteMember: platformProcedure('admin')
    .input(z.object(invitePlatformMemberInput.shape))
    .mutation(({ ctx, input }) => invitePlatformMember(ctx, without(input))),
  revokeInvitation: platformProcedure('admin')
    .input(z.object(revokePlatformInvitationInput.shape))
    .mutation(({ ctx, input }) => revokePlatformInvitation(ctx, without(input))),
  changeRole: platformProcedure('admin')
    .input(z.object(changeMemberRoleInput.shape))
    .mutation(({ ctx, input }) => changeMemberRole(ctx, without(input))),
  removeMember: platformProcedure('admin')
    .input(z.object(removePlatformMemberInput.shape))
    .mutation(({ ctx, input }) => removePlatformMember(ctx, without(input))),
  endMemberSessions: platformProcedure('admin')
    .input(z.object(endMemberSessionsInput.shape))
    .mutation(({ ctx, input }) => endMemberSessions(ctx, without(input))),
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
