import { and, eq, isNull } from 'drizzle-orm';
import { onboardingLinks, sellerSessions } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '../context';
import { recordAudit } from '../audit/record-audit';
import { onboardingLinkDto } from './onboarding-link-dto';

/**
 * Revokes a link: it opens nothing any more, and the seller session it opened ends at once. Revoking again answers
 * the revoked link unchanged. A link of another record or platform is 404.
 */
export async function revokeOnboardingLink(
  ctx: PlatformContext,
  input: { subMerchantId: string; linkId: string; now?: Date },
) {
  const now = input.now ?? new Date();
  const ofThisRecord = and(
    eq(onboardingLinks.id, input.linkId),
    eq(onboardingLinks.platformId, ctx.platformId),
    eq(onboardingLinks.subMerchantId, input.subMerchantId),
  );
  return ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(onboardingLinks)
      .set({ revokedAt: now })
      .where(and(ofThisRecord, isNull(onboardingLinks.revokedAt)))
      .returning();
    const row = revoked ?? (await tx.select().from(onboardingLinks).where(ofThisRecord))[0];
    if (!row) throw notFound('Onboarding link');
    if (revoked)
      await recordAudit(tx, {
        platformId: ctx.platformId,
        actor: ctx.actor,
        action: 'onboarding_link.revoke',
        target: { type: 'sub_merchant', id: row.subMerchantId },
        details: { linkId: row.id },
      });
    await tx.delete(sellerSessions).where(eq(sellerSessions.linkId, row.id));
    return onboardingLinkDto(row, now);
  });
}
