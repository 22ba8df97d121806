import { notFound } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { resolveSellerSession, type SellerSession } from '@/server/services/onboarding-links/resolve-seller-session';
import { SELLER_SESSION_COOKIE } from '@/server/services/onboarding-links/seller-session';
import { enforceSellerSessionRateLimit } from './seller-rate-limit';

/**
 * The seller session token a request carries (the `seller_session` cookie), read from the request itself so route
 * handlers stay callable outside Next.js's request scope.
 */
export const sellerSessionCookieOf = (request: Request) =>
  request.headers
    .get('cookie')
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SELLER_SESSION_COOKIE}=`))
    ?.slice(SELLER_SESSION_COOKIE.length + 1);

/**
 * The seller session of a request to a seller route, or 404: no cookie, an unknown, idle or revoked session all
 * answer the same, so nothing tells them apart. A session past its request limit is 429 before it is looked up.
 */
export async function requireSellerSession(ctx: ServiceContext, request: Request): Promise<SellerSession> {
  const token = sellerSessionCookieOf(request);
  enforceSellerSessionRateLimit(token);
  const session = token ? await resolveSellerSession(ctx, { sessionToken: token }) : null;
  if (!session) throw notFound('Onboarding session');
  return session;
}
