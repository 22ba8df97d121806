// Not a use case: issuing and using the single-use links that account mail carries (sign-up from an
// invitation, password reset). They run inside the caller's transaction, so they take (tx, input).
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { accountMailTokens, type AccountMailPurpose } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { newId, randomBase62 } from '@/server/ids';

/**
 * A sign-up link lives a day (the invitation it belongs to lives a week and can be mailed again); a reset link an
 * hour: it replaces a password, so a mailbox read later (a forwarded mail, an old backup) must not still use it.
 */
export const ACCOUNT_MAIL_TTL_MS: Record<AccountMailPurpose, number> = {
  sign_up: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/** 43 base62 characters ≈ 256 bits, like an invitation's: unguessable, so only its SHA-256 is stored. */
export const hashAccountMailToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const accountMailPath: Record<AccountMailPurpose, (token: string) => string> = {
  sign_up: (token) => `/sign-up/${token}`,
  password_reset: (token) => `/reset-password/${token}`,
};

/**
 * A new link for `email`; the earlier unused links of the same purpose and subject stop working, so only the
 * latest mail's link is valid. Returns the token (for the mail only: it is never stored or logged).
 */
export async function issueAccountMailToken(
  tx: Db,
  input: { purpose: AccountMailPurpose; email: string; invitationId?: string; operatorId?: string },
): Promise<string> {
  const token = randomBase62(43);
  const now = new Date();
  await tx
    .update(accountMailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountMailTokens.purpose, input.purpose),
        eq(accountMailTokens.email, input.email),
        isNull(accountMailTokens.usedAt),
      ),
    );
  await tx.insert(accountMailTokens).values({
    id: newId('amt'),
    purpose: input.purpose,
    tokenHash: hashAccountMailToken(token),
    email: input.email,
    invitationId: input.invitationId ?? null,
    operatorId: input.operatorId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACCOUNT_MAIL_TTL_MS[input.purpose]),
  });
  return token;
}

export type AccountMailLinkState = 'pending' | 'unknown' | 'expired' | 'used';

const refusal: Record<Exclude<AccountMailLinkState, 'pending'>, string> = {
  unknown: 'This link is not valid: check that you copied all of it, or ask for a new mail.',
  expired: 'This link has expired: ask for a new mail.',
  used: 'This link was already used: ask for a new mail if you still need one.',
};

/** A link's row and state, without using it (the pages show the state before the form). */
export async function readAccountMailToken(tx: Db, { purpose, token }: { purpose: AccountMailPurpose; token: string }) {
  const [row] = /^[0-9A-Za-z]{1,100}$/.test(token)
    ? await tx
        .select()
        .from(accountMailTokens)
        .where(
          and(eq(accountMailTokens.tokenHash, hashAccountMailToken(token)), eq(accountMailTokens.purpose, purpose)),
        )
    : [];
  const state: AccountMailLinkState = !row
    ? 'unknown'
    : row.usedAt
      ? 'used'
      : row.expiresAt.getTime() <= Date.now()
        ? 'expired'
        : 'pending';
  return { row, state };
}

/**
 * Uses the link: one UPDATE … WHERE used_at IS NULL AND not expired, so of any number of racing requests
 * exactly one gets the row back; the others are told why (unknown, expired, used) and nothing changes.
 */
export async function useAccountMailToken(tx: Db, { purpose, token }: { purpose: AccountMailPurpose; token: string }) {
  const [used] = await tx
    .update(accountMailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountMailTokens.tokenHash, hashAccountMailToken(token)),
        eq(accountMailTokens.purpose, purpose),
        isNull(accountMailTokens.usedAt),
        gt(accountMailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (used) return used;
  const { state } = await readAccountMailToken(tx, { purpose, token });
  throw refusedAccountMailToken(state === 'pending' ? 'used' : state);
}

/** Why a link cannot be used, told to its holder (who proved nothing beyond holding it). */
export function refusedAccountMailToken(state: Exclude<AccountMailLinkState, 'pending'>): AppError {
  return new AppError(state === 'used' ? 'state_already_used' : 'invalid_state', refusal[state], {
    errors: [{ pointer: '/token', code: state, message: refusal[state] }],
  });
}

/** Too many account mails for this address or from this client: the same answer whoever the address belongs to. */
export const mailLimited = (seconds: number) =>
  new AppError('rate_limited', `Too many mails asked for: try again in ${Math.ceil(seconds / 60)} min.`, {
    retryAfterSeconds: seconds,
  });
