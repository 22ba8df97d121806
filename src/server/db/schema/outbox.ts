import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Transactional outbox: a job is written in the same transaction as the state change that causes it, then
 * relayed to pg-boss with the row id as the job id, so a crash between relay and mark cannot duplicate it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    startAfter: timestamp('start_after', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    relayedAt: timestamp('relayed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('outbox_unrelayed_idx').on(t.relayedAt, t.createdAt)],
);
