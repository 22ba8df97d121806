'use client';

import { createContext, useContext, type ReactNode } from 'react';

export type Membership = { platformId: string; name: string; role: 'admin' | 'operator' | 'viewer' };

const MembershipContext = createContext<Membership | null>(null);

export const MembershipProvider = ({ membership, children }: { membership: Membership; children: ReactNode }) => (
  <MembershipContext.Provider value={membership}>{children}</MembershipContext.Provider>
);

const rank = { viewer: 0, operator: 1, admin: 2 } as const;

/**
 * The signed-in operator's platform and role, so screens only offer what the role may do. The server
 * enforces the same rules (tRPC platformProcedure); hiding a button is a courtesy, not the check.
 */
export function useMembership() {
  const membership = useContext(MembershipContext);
  if (!membership) throw new Error('useMembership must be used inside the console layout');
  return { ...membership, can: (needed: Membership['role']) => rank[membership.role] >= rank[needed] };
}
