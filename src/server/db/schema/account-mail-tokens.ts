import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { platformInvitations } from './invitations';
import { operators } from './operators';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What a mailed link lets its holder do: create the invited account, or set a new password. */
export type AccountMailPurpose = 'sign_up' | 'password_reset';

/**
 * A single-use, expiring link sent by mail: the proof that whoever uses it reads that mailbox. Only the SHA-256
 * of the link's token is stored, so a database read cannot use it. `sign_up` belongs to an invitation (the
 * account is created only from this link, never from the invitation link alone); `password_reset` to an
 * operator. Using one is a single UPDATE … WHERE used_at IS NULL, so a link works once however many requests race.
 */
export const accountMailTokens = pgTable(
  'account_mail_tokens',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').$type<AccountMailPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Trimmed and lowercased, like operators.email: the mailbox the link was sent to. */
    email: text('email').notNull(),
    invitationId: text('invitation_id').references(() => platformInvitations.id, { onDelete: 'cascade' }),
    operatorId: text('operator_id').references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('account_mail_tokens_token_idx').on(t.tokenHash),
    index('account_mail_tokens_email_idx').on(t.email, t.purpose),
  ],
);
