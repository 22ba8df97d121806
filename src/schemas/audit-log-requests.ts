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
  'member.invitation_accept',
  'member.remove',
  'member.role_change',
  'member.sessions_end',
  'operator.password_change',
  'operator.password_reset',
  'operator.disable',
  'operator.enable',
  'operator.remove',
  'platform_config.set',
  'sub_merchant.suspend',
  'sub_merchant.resume',
  'onboarding_link.create',
  'onboarding_link.revoke',
  'mini_program.release',
  'mini_program.rollback',
  'mini_program.rollout.create',
  'mini_program.authorizer.update',
  'webhook_secret.rotate',
  'webhook.test_send',
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

/** The filters a link to the audit log carries in its query (`?action=…&actorKind=…&actorId=…&from=…&to=…`). */
export type AuditLogFilters = Pick<AuditLogQueryInput, 'action' | 'actorKind' | 'actorId' | 'from' | 'to'>;
const filterNames = ['action', 'actorKind', 'actorId', 'from', 'to'] as const;

/**
 * The filters of a page's query string: each kept only when valid on its own, so a hand-edited or stale link
 * still opens the log (without the bad filter) instead of an error page.
 */
export function auditLogFiltersFromQuery(query: Record<string, string | string[] | undefined>): AuditLogFilters {
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = query[name];
    if (typeof value !== 'string' || value === '') continue;
    if (auditLogQuery.shape[name].safeParse(value).success) filters[name] = value;
  }
  if (filters.from && filters.to && filters.from > filters.to) delete filters.to;
  return filters as AuditLogFilters;
}

/** The query string for these filters, in a fixed order (one address per filtered view). */
export function auditLogFiltersToQuery(filters: AuditLogFilters): string {
  const params = new URLSearchParams();
  for (const name of filterNames) if (filters[name]) params.set(name, filters[name]!);
  return params.toString();
}

/**
 * The console's audit log page size, shared by the server page's prefetch and the screen's query (it lives here,
 * not in the 'use client' screen, whose constants a server page would receive as client references).
 */
export const AUDIT_LOG_PAGE_SIZE = 50;
