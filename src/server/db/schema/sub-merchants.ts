import { index, integer, jsonb, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { platforms } from './platforms';
import type { Provider } from '../../../domain/providers';
import type { SubMerchantStatus } from '../../../domain/sub-merchant-states';

// Relative, not '@/': drizzle-kit reads this folder without the path alias.
export { providers, type Provider } from '../../../domain/providers';
export { subMerchantStatuses, type SubMerchantStatus } from '../../../domain/sub-merchant-states';

export const subMerchants = pgTable(
  'sub_merchants',
  {
    id: text('id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    /** Absent for the platform's own record; the unique constraint treats NULL as a value. */
    distributorExternalUserId: text('distributor_external_user_id'),
    provider: text('provider').$type<Provider>().notNull(),
    status: text('status').$type<SubMerchantStatus>().notNull().default('pending'),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    /** Personal fields inside are encrypted (field cipher tokens); everything else is plain. */
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull().default({}),
    chSubMchid: text('ch_sub_mchid'),
    chApplymentId: text('ch_applyment_id'),
    chApplymentState: text('ch_applyment_state'),
    chApplymentStateMsg: text('ch_applyment_state_msg'),
    signUrl: text('sign_url'),
    rejectReasons: jsonb('reject_reasons').$type<{ field: string; reason: string }[]>().notNull().default([]),
    /** Bumped on every new upstream review round; part of the derived upstream submission id. */
    reviewRound: integer('review_round').notNull().default(0),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    /**
     * Lease that serializes submits of one record without holding a transaction across the upstream call
     * (on PGlite an open transaction would block the whole process, the sandbox included).
     */
    submitLockToken: text('submit_lock_token'),
    submitLockUntil: timestamp('submit_lock_until', { withTimezone: true, mode: 'date' }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true, mode: 'date' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('sub_merchants_owner_provider_key')
      .on(t.platformId, t.distributorExternalUserId, t.provider)
      .nullsNotDistinct(),
    index('sub_merchants_platform_created_idx').on(t.platformId, t.createdAt, t.id),
    // The console lists by last update (measured: 10.9 ms → 0.13 ms for a first page of 11,000 rows).
    index('sub_merchants_platform_updated_idx').on(t.platformId, t.updatedAt, t.id),
    index('sub_merchants_state_idx').on(t.chApplymentState),
    index('sub_merchants_next_sync_idx').on(t.nextSyncAt),
  ],
);

export const subMerchantHistory = pgTable(
  'sub_merchant_history',
  {
    id: text('id').primaryKey(),
    subMerchantId: text('sub_merchant_id')
      .notNull()
      .references(() => subMerchants.id, { onDelete: 'cascade' }),
    /** "apikey:<id>", "operator:<id>", "sync", "system". */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sub_merchant_history_record_idx').on(t.subMerchantId, t.createdAt)],
);
