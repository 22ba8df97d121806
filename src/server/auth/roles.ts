import type { OperatorRole } from '@/domain/roles';

const rank: Record<OperatorRole, number> = { viewer: 0, operator: 1, admin: 2 };

/** viewer < operator < admin: a procedure names the least role it needs. */
export const hasRole = (held: OperatorRole, needed: OperatorRole) => rank[held] >= rank[needed];
