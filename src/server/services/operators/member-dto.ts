import type { OperatorRole } from '@/server/db/schema';

/** One operator's membership in a platform, as the settings screen lists it (no password hash, no locale). */
export type MemberDto = {
  operatorId: string;
  email: string;
  name: string | null;
  role: OperatorRole;
  memberSince: string;
};

export const toMemberDto = (row: {
  operatorId: string;
  email: string;
  name: string | null;
  role: OperatorRole;
  createdAt: Date;
}): MemberDto => ({
  operatorId: row.operatorId,
  email: row.email,
  name: row.name,
  role: row.role,
  memberSince: row.createdAt.toISOString(),
});
