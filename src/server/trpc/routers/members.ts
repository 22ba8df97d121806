import { invitePlatformMember } from '@/server/services/invitations/invite-platform-member';
import {
  invitePlatformMemberInput,
  revokePlatformInvitationInput,
  changeMemberRoleInput,
  endMemberSessionsInput,
  removePlatformMemberInput,
} from '@/schemas/member-requests';
import { listPlatformInvitations } from '@/server/services/invitations/list-platform-invitations';
import { revokePlatformInvitation } from '@/server/services/invitations/revoke-platform-invitation';
import { changeMemberRole } from '@/server/services/operators/change-member-role';
import { endMemberSessions } from '@/server/services/operators/end-member-sessions';
import { listPlatformMembers } from '@/server/services/operators/list-platform-members';
import { removePlatformMember } from '@/server/services/operators/remove-platform-member';
import { platformProcedure, platformRequest, router, withoutPlatformId } from '../init';

/** A platform's team on the settings page: its members, their roles and sessions, and pending invitations (admins). */
export const membersRouter = router({
  list: platformProcedure('admin').query(({ ctx }) => listPlatformMembers(ctx)),
  invitations: platformProcedure('admin').query(({ ctx }) => listPlatformInvitations(ctx)),
  invite: platformProcedure('admin')
    .input(platformRequest(invitePlatformMemberInput))
    .mutation(({ ctx, input }) => invitePlatformMember(ctx, withoutPlatformId(input))),
  revokeInvitation: platformProcedure('admin')
    .input(platformRequest(revokePlatformInvitationInput))
    .mutation(({ ctx, input }) => revokePlatformInvitation(ctx, withoutPlatformId(input))),
  changeRole: platformProcedure('admin')
    .input(platformRequest(changeMemberRoleInput))
    .mutation(({ ctx, input }) => changeMemberRole(ctx, withoutPlatformId(input))),
  remove: platformProcedure('admin')
    .input(platformRequest(removePlatformMemberInput))
    .mutation(({ ctx, input }) => removePlatformMember(ctx, withoutPlatformId(input))),
  endSessions: platformProcedure('admin')
    .input(platformRequest(endMemberSessionsInput))
    .mutation(({ ctx, input }) => endMemberSessions(ctx, withoutPlatformId(input))),
});
