import { and, eq, gt, isNull } from 'drizzle-orm';
import { onboardingLinks, sellerSessions } from '@/server/db/schema';
import type { ServiceContext } from '../context';
import { hashToken, newSecretToken, tokenHashOf } from './link-token';
import { resolveSellerSession } from './resolve-seller-session';
import { SELLER_SESSION_IDLE_MS } from './seller-session';

export type RedeemedLink =
  | { ok: true; platformId: string; subMerchantId: string; sessionToken?: string; sessionExpiresAt: Date }
  /** One answer for unknown, expired, used and revoked; `refreshUrl` only when the link had one. */
  | { ok: false; refreshUrl?: string };

/**
 * Opens a seller session from a link, once: the link is marked used in the same statement that checks it is
 * still open, so two browsers racing on one link get one session. A browser whose session this link already
 * opened is let back in (a reload of the link is not a second use) and keeps its session (`sessionToken` absent).
 */
export async function redeemOnboardingLink(
  ctx: ServiceContext,
  input: { token: string; sessionToken?: string | null; now?: Date },
): Promise<RedeemedLink> {
  const tokenHash = tokenHashOf(input.token);
  if (!tokenHash) return { ok: false };
  const now = input.now ?? new Date();
  const [link] = await ctx.db.select().from(onboardingLinks).where(eq(onboardingLinks.tokenHash, tokenHash));
  if (!link) return { ok: false };
  const current = input.sessionToken
    ? await resolveSellerSession(ctx, { sessionToken: input.sessionToken, now })
    : null;
  if (current && current.linkId === link.id) {
    return {
      ok: true,
      platformId: link.platformId,
      subMerchantId: link.subMerchantId,
      sessionExpiresAt: current.expiresAt,
    };
  }
  const refused = link.refreshUrl ? { ok: false as const, refreshUrl: link.refreshUrl } : { ok: false as const };
  return ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(onboardingLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(onboardingLinks.id, link.id),
          isNull(onboardingLinks.usedAt),
          isNull(onboardingLinks.revokedAt),
          gt(onboardingLinks.expiresAt, now),
        ),
      )
      .returning({ id: onboardingLinks.id });
    if (!used) return refused;
    const sessionToken = newSecretToken();
    const sessionExpiresAt = new Date(now.getTime() + SELLER_SESSION_IDLE_MS);
    await tx.insert(sellerSessions).values({
      tokenHash: hashToken(sessionToken),
      linkId: link.id,
      platformId: link.platformId,
      subMerchantId: link.subMerchantId,
      expiresAt: sessionExpiresAt,
      createdAt: now,
    });
    return { ok: true, platformId: link.platformId, subMerchantId: link.subMerchantId, sessionToken, sessionExpiresAt };
  });
}
