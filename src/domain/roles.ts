import { z } from 'zod';

/** An operator's role on a platform, most to least powerful. */
export const operatorRoles = ['admin', 'operator', 'viewer'] as const;
export type OperatorRole = (typeof operatorRoles)[number];
export const operatorRoleSchema = z.enum(operatorRoles);
