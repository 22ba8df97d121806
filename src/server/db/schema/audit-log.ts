import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
// Relative: drizzle-kit loads the schema without the app's path aliases.
import { auditActorKinds } from '../../../schemas/audit-log-requests';
import { platforms } from './platforms';

export { auditActorKinds };
export type AuditActorKind = (typeof auditActorKinds)[number];

/**
 * The platform's audit log: who did what to which object, and why. The actor's name is a snapshot taken when it
 * acted, so the entry still reads right after the operator is renamed or removed or the key revoked.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** Non-personal details of the change (a role from → to, a version); never secrets. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_platform_created_idx').on(t.platformId, t.createdAt, t.id)],
);
