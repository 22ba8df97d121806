import { customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { platforms } from './platforms';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Images uploaded for onboarding (ID cards, licences, shop photos): the bytes we sent upstream, sealed, for the
 * console's preview, and the provider's media id.
 */
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
    /**
     * Keyed HMAC-SHA256 of the bytes sent upstream: the same image uploaded again reuses its media id. Keyed, so
     * that a copy of the database cannot confirm whether a known photo was uploaded, as a plain SHA-256 could.
     * Null only on rows stored before images were sealed, until they are (seal-plain-media.ts).
     */
    contentHmac: text('content_hmac'),
    /** The bytes sent upstream as a field-cipher token (enc:v1:…, the data key ring; rotated like every token). */
    sealedBytes: text('sealed_bytes'),
    /** Plain bytes of rows stored before images were sealed; the start-up step seals them and empties this. */
    bytes: bytea('bytes'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_platform_provider_hmac_idx').on(t.platformId, t.provider, t.contentHmac),
    index('media_upstream_idx').on(t.provider, t.upstreamMediaId),
  ],
);
