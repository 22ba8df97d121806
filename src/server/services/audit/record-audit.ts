// Not a use case: the services that change a platform's keys, members, records and mini programs call it inside
// their own transaction, so an action and its audit entry are stored together or not at all.
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { auditLog, memberships } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { describeActor } from './actors';

export type AuditEntry = {
  platformId: string;
  /** The context's actor string ("operator:op_…", "apikey:key_…", "system"…). */
  actor: string;
  action: string;
  target: { type: string; id: string };
  /** Non-personal facts of the change (a role from → to, a version); never a secret or personal data. */
  details?: Record<string, unknown>;
  reason?: string | null;
};

/** Appends to the platform's audit log, with the actor's name as it is now (a snapshot, see audit-log.ts). */
export async function recordAudit(db: Db, entry: AuditEntry) {
  const actor = await describeActor(db, entry.actor);
  await db.insert(auditLog).values({
    id: newId('aud'),
    platformId: entry.platformId,
    actorKind: actor.kind,
    actorId: actor.id ?? null,
    actorName: actor.name ?? null,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    details: entry.details ?? {},
    reason: entry.reason || null,
  });
}

/**
 * A change to an operator's account (password, disabled, removed) concerns every platform they belong to: one
 * entry in each of their platforms' logs, the operator as target. Returns how many platforms were told.
 */
export async function recordOperatorAudit(
  db: Db,
  entry: Omit<AuditEntry, 'platformId' | 'target'> & { operatorId: string },
): Promise<number> {
  const { operatorId, ...rest } = entry;
  const rows = await db
    .select({ platformId: memberships.platformId })
    .from(memberships)
    .where(eq(memberships.operatorId, operatorId));
  for (const { platformId } of rows)
    await recordAudit(db, { ...rest, platformId, target: { type: 'operator', id: operatorId } });
  return rows.length;
}
