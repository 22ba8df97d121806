import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import { isEncryptedValue } from '@/server/crypto/field-encryption';
import { mpAuthorizations } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { ServiceContext, PlatformContext } from '../context';

/** 192 bits of randomness; only its hash is stored, so a database read cannot replay it. */
export const newState = () => randomBytes(24).toString('base64url');
export const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * The upstream links carry the state (inside redirect_uri for providerA, in bizData for providerB) and the
 * pre-auth code, so they are stored sealed: a database read must not hand out a usable state.
 */
export const sealAuthorizationLink = (value: string) => getFieldCipher().encrypt(value);
/** Rows written before links were sealed still hold them in plain text (they expired long ago). */
export const openAuthorizationLink = (value: string) =>
  isEncryptedValue(value) ? getFieldCipher().decrypt(value) : value;

/**
 * Takes a state for exactly one callback (docs/product/decisions.md §5): unknown, expired or another platform's → 400
 * invalid_state; already used → 409 state_already_used. The single UPDATE … WHERE used_at IS NULL makes two
 * concurrent callbacks with the same state produce one winner.
 */
export async function consumeState(ctx: PlatformContext, input: { provider: string; state: string }) {
  const { db, platformId } = ctx;
  const stateHash = hashState(input.state);
  const [row] = await db.select().from(mpAuthorizations).where(eq(mpAuthorizations.stateHash, stateHash));
  if (
    !row ||
    row.platformId !== platformId ||
    row.provider !== input.provider ||
    row.expiresAt.getTime() < Date.now()
  ) {
    throw new AppError('invalid_state', 'The state is unknown, expired, or belongs to another authorization.');
  }
  const [claimed] = await db
    .update(mpAuthorizations)
    .set({ usedAt: new Date() })
    .where(and(eq(mpAuthorizations.stateHash, stateHash), isNull(mpAuthorizations.usedAt)))
    .returning();
  if (!claimed) throw new AppError('state_already_used', 'This authorization was already completed; start a new one.');
  return claimed;
}

/** Puts a state back when the upstream exchange failed, so the seller can retry the same link. */
export async function releaseState(ctx: ServiceContext, { stateHash }: { stateHash: string }) {
  const { db } = ctx;
  await db.update(mpAuthorizations).set({ usedAt: null }).where(eq(mpAuthorizations.stateHash, stateHash));
}
