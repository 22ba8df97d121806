import { z } from 'zod';
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
import { platformProcedure, router } from '../init';
import { sandboxRouter } from './sandbox';

// The services' inputs are strict; platformProcedure contributes platformId, so their shapes are reused.
const without = <T extends { platformId: string }>({ platformId: _platformId, ...rest }: T) => rest;

/** Settings' members, invitations and roles (admins), and the sandbox page (operators and admins; ./sandbox.ts). */
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
  // The console's sandbox page keeps its path (consoleAdmin.sandbox.*); its procedures live in ./sandbox.ts.
  sandbox: sandboxRouter,
});
