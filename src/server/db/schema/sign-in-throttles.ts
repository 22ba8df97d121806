import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed console sign-ins per account and per client address, shared by every instance and kept across
 * restarts. `key` is "account:<hmac>" or "ip:<hmac>" (HMAC-SHA256 with the session secret): neither the e-mail
 * nor the address is stored in plain text.
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});
