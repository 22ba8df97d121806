import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { platforms } from './platforms';

/** Events pushed to integrators (docs/product/decisions.md §6). Written in the same transaction as the change they announce. */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // created_at alone: the retention job takes the oldest events in batches, and /metrics reads the oldest kept.
  (t) => [
    index('events_platform_created_idx').on(t.platformId, t.createdAt),
    index('events_created_idx').on(t.createdAt),
  ],
);

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** One event to one URL; retried with backoff for at least 3 days until a 2xx. */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    platformId: text('platform_id').notNull(),
    url: text('url').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('event_deliveries_platform_idx').on(t.platformId, t.createdAt),
    index('event_deliveries_event_idx').on(t.eventId),
  ],
);

/** Every attempt, for the console's delivery log. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => eventDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    responseSnippet: text('response_snippet'),
  },
  (t) => [index('delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
