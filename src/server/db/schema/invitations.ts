import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators, type OperatorRole } from './operators';
import { platforms } from './platforms';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An invitation to join a platform with a role. Only the SHA-256 of the link's token is stored, so a database
 * read cannot accept it. Pending = not accepted, not revoked, not expired; accepting is a single
 * UPDATE … WHERE accepted_at IS NULL, so a link is used once however many requests race.
 */
export const platformInvitations = pgTable(
  'platform_invitations',
  {
    id: text('id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    /** Trimmed and lowercased, like operators.email. */
    email: text('email').notNull(),
    role: text('role').$type<OperatorRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => operators.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedBy: text('accepted_by').references(() => operators.id, { onDelete: 'set null' }),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('platform_invitations_token_idx').on(t.tokenHash),
    index('platform_invitations_platform_idx').on(t.platformId, t.email),
  ],
);

export type PlatformInvitation = typeof platformInvitations.$inferSelect;
