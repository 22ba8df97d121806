import { z } from 'zod';

/**
 * Why an operator or integrator took an action others rely on (revoking a key, suspending a merchant, removing
 * a member…): optional, kept in the platform's audit log and the record's history next to who acted.
 */
export const actionReason = z.string().trim().max(500).optional();
