import type { OperatorRole } from '@/server/db/schema';

/** A pending invitation as the inviting platform's admins see it (never the token or its hash). */
export type InvitationDto = {
  id: string;
  email: string;
  role: OperatorRole;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
};

export const toInvitationDto = (
  row: { id: string; email: string; role: OperatorRole; invitedBy: string | null; createdAt: Date; expiresAt: Date },
  now = Date.now(),
): InvitationDto => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invitedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  expired: row.expiresAt.getTime() <= now,
});
