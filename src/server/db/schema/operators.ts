import { boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { platforms } from './platforms';
import type { OperatorRole } from '../../../domain/roles';

export { operatorRoles, type OperatorRole } from '../../../domain/roles';

export const operators = pgTable(
  'operators',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    locale: text('locale').notNull().default('zh-CN'),
    /** IANA zone every console time is shown in; null: the locale's default (src/i18n/format.ts). */
    timeZone: text('time_zone'),
    /** Set for passwords somebody else chose (first-run admin, CLI): the session can only change it until then. */
    passwordMustChange: boolean('password_must_change').notNull().default(false),
    /**
     * Copied into every session JWT at sign-in and compared on each request: raising it ends all the
     * operator's sessions at once (sign-out, password change, role change or removal, "sign out everywhere").
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Set by an installation owner (CLI `operator disable`): the account cannot sign in until enabled again. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operators_email_idx').on(t.email)],
);

export const memberships = pgTable(
  'memberships',
  {
    operatorId: text('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    role: text('role').$type<OperatorRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.platformId] })],
);
