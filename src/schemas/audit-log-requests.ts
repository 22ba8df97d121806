/** The platform audit log's filters: what the console's audit log page and tRPC `auditLog.list` accept. */
import { z } from 'zod';
import { filterDay } from './pagination';

/** Who acts: an operator, an API key, the seller (authorization page), the upstream (pushes), the service itself. */
export const auditActorKinds = ['operator', 'apikey', 'seller', 'upstream', 'system'] as const;

/** Every action the services record (src/server/services/audit/record-audit.ts callers). */
export const auditActions = [
  'api_key.create',
  'api_key.revoke',
  'member.invite',
  'member.remove',
  'member.role_change',
  'sub_merchant.suspend',
  'sub_merchant.resume',
  'mini_program.release',
  'mini_program.rollback',
  'webhook_secret.rotate',
] as const;

/** A calendar day (YYYY-MM-DD) in the operator's time zone. */
const day = filterDay;

export const auditLogQuery = z
  .object({
    limit: z.number().int().min(1).max(100).default(50),
    cursor: z.string().max(200).optional(),
    action: z.enum(auditActions).optional(),
    actorKind: z.enum(auditActorKinds).optional(),
    /** One actor (an operator's or API key's id), as the log names it. */
    actorId: z.string().min(1).max(64).optional(),
    /** First and last day shown, both included, in the operator's time zone. */
    from: day.optional(),
    to: day.optional(),
  })
  .strict();

export type AuditLogQueryInput = z.input<typeof auditLogQuery>;

/**
 * The console's audit log page size, shared by the server page's prefetch and the screen's query (it lives here,
 * not in the 'use client' screen, whose constants a server page would receive as client references).
 */
export const AUDIT_LOG_PAGE_SIZE = 50;
