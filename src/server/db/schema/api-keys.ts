import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { platforms } from './platforms';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the key, safe to show ("sk_test_AbC1…"). */
    displayPrefix: text('display_prefix').notNull(),
    /** SHA-256 of the whole key: keys carry ≥128 bits of randomness, so a slow hash buys nothing. */
    keyHash: text('key_hash').notNull(),
    services: text('services').array().notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index('api_keys_platform_idx').on(t.platformId)],
);
