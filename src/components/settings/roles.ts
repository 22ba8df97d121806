export const roles = ['admin', 'operator', 'viewer'] as const;
export type Role = (typeof roles)[number];
