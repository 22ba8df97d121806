import { index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { platforms } from './platforms';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type RolloutState = 'running' | 'paused' | 'cancelled' | 'completed';
export type RolloutStep = 'commit' | 'submit_audit' | 'await_audit' | 'release' | 'done';
export type RolloutItemState = 'pending' | 'running' | 'waiting' | 'succeeded' | 'failed' | 'skipped';

/**
 * One template version shipped to many authorizers (docs/mini-program-rollouts.md). `extJson` is the template the
 * executor renders per authorizer; `authorizerExt` holds the per-authorizer `{{ext.<key>}}` values.
 */
export const miniProgramRollouts = pgTable(
  'mini_program_rollouts',
  {
    id: text('id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    templateId: text('template_id').notNull(),
    templateVersion: text('template_version'),
    userVersion: text('user_version').notNull(),
    userDesc: text('user_desc').notNull().default(''),
    extJson: text('ext_json').notNull(),
    authorizerExt: jsonb('authorizer_ext').$type<Record<string, Record<string, string>>>().notNull().default({}),
    itemList: jsonb('item_list').$type<{ address: string; title: string; tag: string }[]>().notNull().default([]),
    mode: text('mode').$type<'commit_only' | 'submit_audit'>().notNull(),
    release: text('release').$type<'auto' | 'hold'>().notNull(),
    concurrency: integer('concurrency').notNull().default(10),
    /** WeChat gray release: the release step releases to this percentage of users (1–100); null releases to all. */
    grayPercentage: integer('gray_percentage'),
    state: text('state').$type<RolloutState>().notNull().default('running'),
    total: integer('total').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    /** When `miniprogram.rollout.updated` was last emitted (throttle). */
    progressNotifiedAt: ts('progress_notified_at'),
  },
  (t) => [index('mini_program_rollouts_platform_idx').on(t.platformId, t.provider, t.createdAt)],
);

/**
 * One authorizer of a rollout and where it stands. `leaseUntil` bounds a claim (a crashed instance's item is
 * claimed again after it); `submitIntentAt` is written before the audit submit, `auditId` right after it.
 */
export const miniProgramRolloutItems = pgTable(
  'mini_program_rollout_items',
  {
    id: text('id').primaryKey(),
    rolloutId: text('rollout_id')
      .notNull()
      .references(() => miniProgramRollouts.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    extJson: text('ext_json').notNull(),
    step: text('step').$type<RolloutStep>().notNull().default('commit'),
    state: text('state').$type<RolloutItemState>().notNull().default('pending'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: ts('lease_until'),
    notBefore: ts('not_before'),
    committedAt: ts('committed_at'),
    submitIntentAt: ts('submit_intent_at'),
    auditId: text('audit_id'),
    releasedAt: ts('released_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('mini_program_rollout_items_app').on(t.rolloutId, t.appId),
    index('mini_program_rollout_items_state_idx').on(t.rolloutId, t.state, t.step),
    index('mini_program_rollout_items_audit_idx').on(t.auditId),
    index('mini_program_rollout_items_app_idx').on(t.appId, t.state),
  ],
);
