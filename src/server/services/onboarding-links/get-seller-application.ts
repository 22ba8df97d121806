import type { ServiceContext } from '../context';
import { toSubMerchantDto } from '../sub-merchants/sub-merchant-dto';
import { getSellerAuthorizationStatus } from './get-seller-authorization-status';
import type { SellerSession } from './resolve-seller-session';
import { sellerJourney, sellerRecord, sellerRecordDto } from './seller-scope';

/**
 * What the seller's form and status page show: the platform's name, the seller's own record (masked), the submit
 * policy, and the mini-program authorization when the link includes it.
 */
export async function getSellerApplication(ctx: ServiceContext, { session }: { session: SellerSession }) {
  const [row, journey] = await Promise.all([sellerRecord(ctx, session), sellerJourney(ctx, session)]);
  const authorization = journey.include.includes('miniprogram_authorization')
    ? await getSellerAuthorizationStatus(ctx, { session, row })
    : null;
  return { ...journey, record: sellerRecordDto(toSubMerchantDto(row)), authorization };
}
export type SellerApplication = Awaited<ReturnType<typeof getSellerApplication>>;
