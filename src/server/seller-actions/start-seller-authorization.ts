'use server';

import { z } from 'zod';
import { startSellerAuthorization as start } from '@/server/services/onboarding-links/start-seller-authorization';
import { sellerAction, type SellerActionFailure } from './guard';

const startAuthorization = sellerAction(z.strictObject({}), async (ctx, session) => ({
  ok: true as const,
  ...(await start(ctx, { session })),
}));

/** Server action for the journey's mini-program step: the seller page to open next. */
export async function startSellerAuthorization(): Promise<
  { ok: true; sellerPageUrl: string; expiresAt: string } | SellerActionFailure
> {
  return startAuthorization({});
}
