import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { platforms } from './platforms';
import type { Provider } from '../../../domain/providers';
import type { SubMerchantStatus } from '../../../domain/sub-merchant-states';
import type { WorkQueueTab } from '../../../domain/work-queue';

// Relative, not '@/': drizzle-kit reads this folder without the path alias.
export { providers, type Provider } from '../../../domain/providers';
export { subMerchantStatuses, type SubMerchantStatus } from '../../../domain/sub-merchant-states';

/**
 * Text compared byte by byte (collation "C"): the natural name key orders the same on PGlite and on a PostgreSQL
 * whatever its database's locale, and its padded digit runs compare as numbers only without a locale's rules.
 */
const textInCollationC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * Every run of digits padded to 20 with leading zeros (pad each run, then keep its last 20 digits), so a byte
 * comparison orders "第2分店" before "第10分店". Runs longer than 20 digits stay as they are.
 */
const naturalKey = (expression: string) =>
  `regexp_replace(regexp_replace(${expression}, '([0-9]+)', '00000000000000000000\\1', 'g'), '0*([0-9]{20})', '\\1', 'g')`;

const displayNameExpression =
  "coalesce(nullif(form_data->>'merchantName', ''), nullif(form_data->>'merchantShortname', ''), '')";

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
    /**
     * Set when the seller pressed submit on the hosted form under the `review` policy (payments.seller_submit): the
     * form is complete and waits for an operator to check and submit it. Cleared when the record is submitted.
     */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true, mode: 'date' }),
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
    /**
     * Keyed HMAC of the normalized licence number (licence-search-key.ts): the work queue finds a record by its
     * licence number without the database holding a searchable copy of it.
     */
    licenceNumberHmac: text('licence_number_hmac'),
    /** The operator the record is assigned to in the work queue. */
    assigneeOperatorId: text('assignee_operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /**
     * The name the work queue shows, sorts and searches by: the licence name, else the short name. Business names
     * are not personal data (formData's catalogue stores them plain), so a generated column may copy them.
     */
    displayName: text('display_name').notNull().generatedAlwaysAs(sql.raw(displayNameExpression)),
    /** The name sort's key: display_name with its numbers in natural order ("第2分店" before "第10分店"). */
    nameSortKey: textInCollationC('name_sort_key')
      .notNull()
      .generatedAlwaysAs(sql.raw(naturalKey(displayNameExpression))),
    /**
     * What the search box matches a name against: the licence name and the short name (商户简称), one per line, so
     * a merchant is found by either whichever the list shows.
     */
    searchNames: text('search_names')
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(form_data->>'merchantName', '') || chr(10) || coalesce(form_data->>'merchantShortname', '')`,
      ),
    /**
     * The work-queue tab the record is in (src/domain/work-queue.ts says why each state goes where); generated,
     * so no writer can forget to move a record.
     */
    queue: text('queue')
      .$type<WorkQueueTab>()
      .notNull()
      .generatedAlwaysAs(
        sql`case when status = 'active' then 'active' when status = 'suspended' then 'suspended' when ch_applyment_state is null or ch_applyment_state in ('rejected', 'canceled') then 'action' when ch_applyment_state in ('to_be_confirmed', 'to_be_signed') then 'merchant' when ch_applyment_state = 'finished' then 'active' else 'review' end`,
      ),
    /** Sort key "by state": the upstream state, `draft` before the first submit, `suspended` over everything. */
    stateKey: text('state_key')
      .notNull()
      .generatedAlwaysAs(
        sql`case when status = 'suspended' then 'suspended' else coalesce(ch_applyment_state, 'draft') end`,
      ),
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
    // The work queue: one index per (tab, sort), and the same sorts over all tabs; counts read the first one only.
    index('sub_merchants_queue_updated_idx').on(t.platformId, t.queue, t.updatedAt, t.id),
    index('sub_merchants_queue_name_idx').on(t.platformId, t.queue, t.nameSortKey, t.id),
    index('sub_merchants_queue_state_idx').on(t.platformId, t.queue, t.stateKey, t.updatedAt, t.id),
    index('sub_merchants_platform_name_idx').on(t.platformId, t.nameSortKey, t.id),
    index('sub_merchants_platform_state_idx').on(t.platformId, t.stateKey, t.updatedAt, t.id),
    index('sub_merchants_name_trgm_idx').using('gin', sql`${t.searchNames} gin_trgm_ops`),
    index('sub_merchants_licence_hmac_idx').on(t.platformId, t.licenceNumberHmac),
    index('sub_merchants_applyment_idx').on(t.platformId, t.chApplymentId),
    index('sub_merchants_sub_mchid_idx').on(t.platformId, t.chSubMchid),
    index('sub_merchants_assignee_idx').on(t.platformId, t.assigneeOperatorId, t.updatedAt, t.id),
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
    /** Why, in the actor's words (suspend, resume…); absent when nobody gave one. */
    reason: text('reason'),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // created_at alone: HISTORY_RETENTION_DAYS deletes the oldest entries in batches; /metrics reads the oldest kept.
  (t) => [
    index('sub_merchant_history_record_idx').on(t.subMerchantId, t.createdAt),
    index('sub_merchant_history_created_idx').on(t.createdAt),
  ],
);

/**
 * How many records of a platform are in each work-queue tab, kept by a trigger on sub_merchants (migration
 * 0013): the tab counts then read five rows instead of counting 100,000 (docs/benchmarks.md). The trigger
 * touches a row only when a record enters or leaves a tab, and the two rows of one move in a fixed order, so
 * concurrent moves wait for each other rather than deadlock.
 */
export const subMerchantQueueCounts = pgTable(
  'sub_merchant_queue_counts',
  {
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    queue: text('queue').$type<WorkQueueTab>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.queue] })],
);
