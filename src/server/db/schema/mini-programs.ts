import { index, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { platforms } from './platforms';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An authorization in progress (docs/product/decisions.md §5): the state is random, stored only as its SHA-256, bound to the
 * platform, provider, redirect URI and seller id, single-use, and expiring with the upstream pre-auth code.
 */
export const mpAuthorizations = pgTable(
  'mp_authorizations',
  {
    stateHash: text('state_hash').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    tenantId: text('tenant_id'),
    preAuthCode: text('pre_auth_code'),
    authUrl: text('auth_url').notNull(),
    mobileAuthUrl: text('mobile_auth_url'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    authorizerAppId: text('authorizer_app_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mp_authorizations_platform_idx').on(t.platformId, t.createdAt)],
);

/** An authorized mini program; its upstream tokens are encrypted at rest (field cipher). */
export const mpAuthorizers = pgTable(
  'mp_authorizers',
  {
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    appId: text('app_id').notNull(),
    tenantId: text('tenant_id'),
    nickname: text('nickname'),
    principalName: text('principal_name'),
    headImg: text('head_img'),
    permissions: jsonb('permissions').$type<unknown[]>().notNull().default([]),
    status: text('status').$type<'authorized' | 'unauthorized'>().notNull().default('authorized'),
    /** The platform's per-authorizer values for a rollout's `{{ext.<key>}}` (docs/mini-program-rollouts.md). */
    ext: jsonb('ext').$type<Record<string, string>>().notNull().default({}),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    /** A refresh in flight (any instance): others wait for its token instead of refreshing again. */
    tokenRefreshLockUntil: ts('token_refresh_lock_until'),
    authorizedAt: ts('authorized_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.platformId, t.provider, t.appId] }),
    index('mp_authorizers_app_idx').on(t.provider, t.appId),
  ],
);

/** Templates an admin entered for `manual` template mode. */
export const mpManualTemplates = pgTable(
  'mp_manual_templates',
  {
    id: text('id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    tenantId: text('tenant_id'),
    templateId: text('template_id').notNull(),
    userVersion: text('user_version').notNull(),
    userDesc: text('user_desc').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('mp_manual_templates_key').on(t.platformId, t.provider, t.templateId, t.userVersion).nullsNotDistinct(),
  ],
);

/** Code committed to an authorizer, and each audit of it; `auditId` is what callers see. */
export const mpAudits = pgTable(
  'mp_audits',
  {
    auditId: text('audit_id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    appId: text('app_id').notNull(),
    upstreamAuditId: text('upstream_audit_id'),
    templateId: text('template_id'),
    userVersion: text('user_version').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    delayed: text('delayed'),
    reason: text('reason'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    releasedAt: ts('released_at'),
    // Set when a rollback took this release off the live version: the version before it is live again.
    rolledBackAt: ts('rolled_back_at'),
    nextPollAt: ts('next_poll_at'),
  },
  (t) => [
    index('mp_audits_app_idx').on(t.platformId, t.provider, t.appId, t.submittedAt),
    index('mp_audits_poll_idx').on(t.nextPollAt),
  ],
);

export const mpCommits = pgTable(
  'mp_commits',
  {
    id: text('id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    appId: text('app_id').notNull(),
    templateId: text('template_id').notNull(),
    userVersion: text('user_version').notNull(),
    userDesc: text('user_desc').notNull(),
    extJson: text('ext_json').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mp_commits_app_idx').on(t.platformId, t.provider, t.appId, t.createdAt)],
);

/**
 * Service-wide upstream credentials (component_verify_ticket, component_access_token), encrypted, with a
 * lease so exactly one instance refreshes a token at a time.
 */
export const providerCredentials = pgTable('provider_credentials', {
  name: text('name').primaryKey(),
  valueEnc: text('value_enc'),
  expiresAt: ts('expires_at'),
  refreshLockUntil: ts('refresh_lock_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Upstream pushes already processed (by provider and nonce / notify id): a replay changes nothing. */
export const inboundPushes = pgTable(
  'inbound_pushes',
  {
    provider: text('provider').notNull(),
    pushId: text('push_id').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('inbound_pushes_key').on(t.provider, t.pushId)],
);
