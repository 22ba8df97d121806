import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Platform config keys are dotted names from docs/product/decisions.md (e.g. `miniprogram.audit_notify_url`). */
export type PlatformConfig = Record<string, string | number | boolean | string[]>;

export const platforms = pgTable('platforms', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  config: jsonb('config').$type<PlatformConfig>().notNull().default({}),
  /** Encrypted at rest (field cipher); the previous secret keeps signing during a rotation. */
  webhookSecretEnc: text('webhook_secret_enc').notNull(),
  previousWebhookSecretEnc: text('previous_webhook_secret_enc'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
