import { publicBaseUrl } from '@/server/config/secrets';
import { notFound } from '@/server/errors';
import type { ServiceContext } from '../context';
import {
  sellerDonePath,
  startAuthorizationWithSellerPage,
} from '../mini-programs/start-authorization-with-seller-page';
import type { SellerSession } from './resolve-seller-session';
import { sellerContext, sellerJourney, sellerRecord } from './seller-scope';

/**
 * The journey's last step when the link includes `miniprogram_authorization`: starts the existing mini-program
 * authorization for this seller (the record's provider, its distributor id as tenant) and answers the seller page
 * (/authorize/{token}) to open. A link without it: 404, as if the step did not exist.
 */
export async function startSellerAuthorization(ctx: ServiceContext, { session }: { session: SellerSession }) {
  const { include } = await sellerJourney(ctx, session);
  if (!include.includes('miniprogram_authorization')) throw notFound('Mini-program authorization step');
  const row = await sellerRecord(ctx, session);
  const started = await startAuthorizationWithSellerPage(sellerContext(ctx, session), {
    platform: row.provider,
    redirectUri: `${publicBaseUrl()}${sellerDonePath}`,
    ...(row.distributorExternalUserId ? { tenantId: row.distributorExternalUserId } : {}),
  });
  return { sellerPageUrl: started.sellerPageUrl, expiresAt: started.expiresAt };
}
