import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The sandbox upstream's own state (sandbox mode only), kept apart from the service's tables. */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);
