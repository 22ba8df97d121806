import { z } from 'zod';
import { invitePlatformMember } from '@/server/services/invitations/invite-platform-member';
import { invitePlatformMemberInput } from '@/schemas/member-requests';
import { listPlatformInvitations } from '@/server/services/invitations/list-platform-invitations';
import { revokePlatformInvitation } from '@/server/services/invitations/revoke-platform-invitation';
import { revokePlatformInvitationInput } from '@/schemas/member-requests';
import { changeMemberRole } from '@/server/services/operators/change-member-role';
import { changeMemberRoleInput } from '@/schemas/member-requests';
import { endMemberSessions } from '@/server/services/operators/end-member-sessions';
import { endMemberSessionsInput } from '@/schemas/member-requests';
import { listPlatformMembers } from '@/server/services/operators/list-platform-members';
import { removePlatformMember } from '@/server/services/operators/remove-platform-member';
import { removePlatformMemberInput } from '@/schemas/member-requests';
import { platformProcedure, router } from '../init';

// The services' inputs are strict; platformProcedure contributes platformId, so their shapes are reused.
const without = <T extends { platformId: string }>({ platformId: _platformId, ...rest }: T) => rest;

/** A platform's team on the settings page: its members, their roles and sessions, and pending invitations (admins). */
export const membersRouter = router({
  list: platformProcedure('admin').query(({ ctx }) => listPlatformMembers(ctx)),
  invitations: platformProcedure('admin').query(({ ctx }) => listPlatformInvitations(ctx)),
  invite: platformProcedure('admin')
    .input(z.object(invitePlatformMemberInput.shape))
    .mutation(({ ctx, input }) => invitePlatformMember(ctx, without(input))),
  revokeInvitation: platformProcedure('admin')
    .input(z.object(revokePlatformInvitationInput.shape))
    .mutation(({ ctx, input }) => revokePlatformInvitation(ctx, without(input))),
  changeRole: platformProcedure('admin')
    .input(z.object(changeMemberRoleInput.shape))
    .mutation(({ ctx, input }) => changeMemberRole(ctx, without(input))),
  remove: platformProcedure('admin')
    .input(z.object(removePlatformMemberInput.shape))
    .mutation(({ ctx, input }) => removePlatformMember(ctx, without(input))),
  endSessions: platformProcedure('admin')
    .input(z.object(endMemberSessionsInput.shape))
    .mutation(({ ctx, input }) => endMemberSessions(ctx, without(input))),
});
