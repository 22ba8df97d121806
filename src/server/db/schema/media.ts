import { customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { platforms } from './platforms';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Images uploaded for onboarding: the bytes we sent upstream (for preview) and the provider's media id. */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    upstreamMediaId: text('upstream_media_id').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    originalSize: integer('original_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** SHA-256 of the bytes sent upstream; the same image uploaded again reuses its media id. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_platform_provider_sha_idx').on(t.platformId, t.provider, t.sha256),
    index('media_upstream_idx').on(t.provider, t.upstreamMediaId),
  ],
);
