import type { PlatformContext } from '../context';
import { findSubMerchant } from './find-sub-merchant';
import { acquireSubmitLease, releaseSubmitLease } from './submit-lease';
import { refreshFromUpstream } from './submit-sub-merchant';
import { toSubMerchantDto } from './sub-merchant-dto';

/**
 * Asks the upstream for the record's application now (instead of waiting for the background sync), under
 * the submit lease so it never races a submit. A record never submitted comes back unchanged.
 */
export async function refreshSubMerchant(ctx: PlatformContext, { id }: { id: string }) {
  await findSubMerchant(ctx, { id });
  const token = await acquireSubmitLease(ctx, { id });
  try {
    const current = await findSubMerchant(ctx, { id });
    if (current.reviewRound === 0) return toSubMerchantDto(current);
    return toSubMerchantDto(await refreshFromUpstream(ctx, current));
  } finally {
    await releaseSubmitLease(ctx, { id, token });
  }
}
