// Not a use case: what every seller use case starts from. The seller session names one record of one platform;
// the seller's calls act on that record and nothing else, whatever ids the seller sends.
import { eq } from 'drizzle-orm';
import { onboardingLinks } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext, ServiceContext } from '../context';
import { getPlatform } from '../platforms/get-platform';
import { findSubMerchant } from '../sub-merchants/find-sub-merchant';
import type { SubMerchantDto } from '../sub-merchants/sub-merchant-dto';
import type { SellerSession } from './resolve-seller-session';

/** The actor every seller action is written under (history, audit, events). */
export const SELLER_ACTOR = 'seller';

export type SellerSubmitPolicy = 'direct' | 'review';
/** Without `payments.seller_submit`, an operator checks what a seller sent before it goes upstream. */
export const DEFAULT_SELLER_SUBMIT_POLICY: SellerSubmitPolicy = 'review';

/** The platform context a seller acts in: the session's platform, the actor `seller`. */
export const sellerContext = (ctx: ServiceContext, session: SellerSession): PlatformContext => ({
  db: ctx.db,
  actor: SELLER_ACTOR,
  platformId: session.platformId,
});

/** The session's record (a record deleted since: 404, like an unknown session). */
export const sellerRecord = (ctx: ServiceContext, session: SellerSession) =>
  findSubMerchant(sellerContext(ctx, session), { id: session.subMerchantId });

/** The platform's name and submit policy, and the link's journey (what it includes, where the seller returns). */
export async function sellerJourney(ctx: ServiceContext, session: SellerSession) {
  const platform = await getPlatform(sellerContext(ctx, session));
  const [link] = await ctx.db.select().from(onboardingLinks).where(eq(onboardingLinks.id, session.linkId));
  if (!link) throw notFound('Onboarding link');
  const policy = platform.config['payments.seller_submit'];
  return {
    platformName: platform.name,
    submitPolicy: (policy === 'direct' || policy === 'review'
      ? policy
      : DEFAULT_SELLER_SUBMIT_POLICY) as SellerSubmitPolicy,
    include: link.include,
    returnUrl: link.returnUrl,
  };
}

/**
 * The record as the seller sees it: their own entries (personal values masked), where the application stands and
 * what the upstream asked for. Not the platform's commission, ids or sync bookkeeping.
 */
export function sellerRecordDto(record: SubMerchantDto) {
  return {
    id: record.id,
    provider: record.provider,
    status: record.status,
    chApplymentState: record.chApplymentState,
    chApplymentStateMsg: record.chApplymentStateMsg,
    signUrl: record.signUrl,
    rejectReasons: record.rejectReasons,
    reviewRequestedAt: record.reviewRequestedAt,
    formData: record.formData,
    requirements: record.requirements,
    updatedAt: record.updatedAt,
  };
}
export type SellerRecord = ReturnType<typeof sellerRecordDto>;
