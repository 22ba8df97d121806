import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { platforms } from './platforms';
import { subMerchants } from './sub-merchants';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A hosted onboarding link the platform sends a seller (issue 30). The token in the URL is 32 random bytes; only its
 * SHA-256 is kept, so a database reader cannot open a seller's form. Bound to one record and its platform, usable to
 * start one seller session, and expiring.
 */
export const onboardingLinks = pgTable(
  'onboarding_links',
  {
    id: text('id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    subMerchantId: text('sub_merchant_id')
      .notNull()
      .references(() => subMerchants.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    returnUrl: text('return_url'),
    refreshUrl: text('refresh_url'),
    include: jsonb('include').$type<string[]>().notNull().default([]),
    /** Who minted it ("apikey:key_…", "operator:op_…"). */
    createdBy: text('created_by').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('onboarding_links_record_idx').on(t.platformId, t.subMerchantId, t.createdAt)],
);

/**
 * The seller's session a link opened: its own random token, also kept only as a SHA-256, carried in an HttpOnly
 * cookie. Ends after inactivity (`expiresAt` moves forward on use) or when its link is revoked.
 */
export const sellerSessions = pgTable(
  'seller_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => onboardingLinks.id, { onDelete: 'cascade' }),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    subMerchantId: text('sub_merchant_id')
      .notNull()
      .references(() => subMerchants.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('seller_sessions_link_idx').on(t.linkId)],
);
