import { and, desc, eq } from 'drizzle-orm';
import { onboardingLinks } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { findSubMerchant } from '../sub-merchants/find-sub-merchant';
import { onboardingLinkDto } from './onboarding-link-dto';

/** A record's links, newest first, with their status (another platform's record: 404). */
export async function listOnboardingLinks(ctx: PlatformContext, input: { subMerchantId: string; now?: Date }) {
  await findSubMerchant(ctx, { id: input.subMerchantId });
  const rows = await ctx.db
    .select()
    .from(onboardingLinks)
    .where(and(eq(onboardingLinks.platformId, ctx.platformId), eq(onboardingLinks.subMerchantId, input.subMerchantId)))
    .orderBy(desc(onboardingLinks.createdAt), desc(onboardingLinks.id));
  const now = input.now ?? new Date();
  // A record has a handful of links: one page, in the shape of every /v1 list.
  return {
    object: 'list' as const,
    data: rows.map((row) => onboardingLinkDto(row, now)),
    hasMore: false,
    nextCursor: null,
  };
}
