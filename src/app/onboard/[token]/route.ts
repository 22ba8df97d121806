import { publicBaseUrl } from '@/server/config/secrets';
import { getDb } from '@/server/db';
import { defineRoute } from '@/server/http/define-route';
import { enforceSellerLinkRateLimit } from '@/server/http/seller-rate-limit';
import { sellerSessionCookieOf } from '@/server/http/seller-session-cookie';
import { redeemOnboardingLink } from '@/server/services/onboarding-links/redeem-onboarding-link';
import { SELLER_SESSION_COOKIE, SELLER_SESSION_MAX_MS } from '@/server/services/onboarding-links/seller-session';

export const dynamic = 'force-dynamic';

/**
 * The link the platform sends (/onboard/{token}): opens the seller session (an HttpOnly cookie) and sends the
 * seller on to the form. Unknown, expired, used and revoked links all go to the link's refreshUrl when it had
 * one, else to one neutral page. Redirects are relative to the public address, never to anything in the request.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request, route) => {
    // Not readRouteParams: its 404 for control characters would tell this token apart from any other that opens
    // nothing. A token that is not 43 base64url characters never reaches the database (redeemOnboardingLink).
    const { token } = await route.params;
    const rateLimitHeaders = enforceSellerLinkRateLimit(request, typeof token === 'string' ? token : undefined);
    const redeemed = await redeemOnboardingLink(
      { db: await getDb(), actor: 'seller' },
      { token: typeof token === 'string' ? token : '', sessionToken: sellerSessionCookieOf(request) },
    );
    // The token URL renders nothing: the seller lands on a page whose URL carries no token, so no Referer can leak it.
    const headers = new Headers({ ...rateLimitHeaders, 'cache-control': 'no-store' });
    if (!redeemed.ok) {
      headers.set('location', redeemed.refreshUrl ?? `${publicBaseUrl()}/onboard/unavailable`);
      return new Response(null, { status: 303, headers });
    }
    if (redeemed.sessionToken) {
      const secure = publicBaseUrl().startsWith('https:') || new URL(request.url).protocol === 'https:';
      // As long as the session can live; the server ends it sooner after 30 idle minutes or a revocation.
      const maxAge = `Max-Age=${SELLER_SESSION_MAX_MS / 1000}`;
      headers.append(
        'set-cookie',
        `${SELLER_SESSION_COOKIE}=${redeemed.sessionToken}; Path=/; ${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
    }
    headers.set('location', `${publicBaseUrl()}/onboard`);
    return new Response(null, { status: 303, headers });
  },
});
