/** Request bodies of a platform's team: members, their roles and sessions, invitations. */
import { z } from 'zod';
import { operatorRoleSchema } from '@/domain/roles';
import { actionReason as reason } from './action-reason';

const operatorId = z.string().min(1).max(64);

export const invitePlatformMemberInput = z
  .object({
    email: z
      .email()
      .max(254)
      .transform((e) => e.trim().toLowerCase()),
    role: operatorRoleSchema,
    reason,
  })
  .strict();

export const revokePlatformInvitationInput = z.object({ invitationId: z.string().min(1).max(64) }).strict();

export const changeMemberRoleInput = z.object({ operatorId, role: operatorRoleSchema, reason }).strict();

export const removePlatformMemberInput = z.object({ operatorId, reason }).strict();

export const endMemberSessionsInput = z.object({ operatorId }).strict();
