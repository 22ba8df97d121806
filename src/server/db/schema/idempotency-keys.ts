import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { platforms } from './platforms';

export const idempotencyStates = ['running', 'done'] as const;
export type IdempotencyState = (typeof idempotencyStates)[number];

/**
 * The first answer to a `/v1` POST sent with an `Idempotency-Key`, per platform and key, kept 24 hours and replayed
 * to retries (Stripe's semantics, see the README). The row is inserted before the request runs, so the unique key decides
 * across instances which request runs. Only a SHA-256 of the request is kept, never the request body; response
 * bodies are the API's own answers, which mask personal data already.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 (hex) of method, path and raw body: a retry must send the same request to be answered from here. */
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<IdempotencyState>().notNull(),
    /** Which run holds the key: only that run may store its answer (a stale run taken over must not). */
    runId: text('run_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
