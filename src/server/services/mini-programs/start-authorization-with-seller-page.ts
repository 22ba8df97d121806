import { AppError } from '@/server/errors';
import type { Provider } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { hashState } from './authorization-state';
import { sellerPageToken } from './seller-page-token';
import { startAuthorization } from './start-authorization';

export const sellerDonePath = '/authorize/done';

/**
 * The console's "authorize a mini program": starts an authorization whose redirect is this service's own done
 * page, and returns the seller page link (/authorize/{token}) to send instead of the state. The link lives on
 * the redirect's origin: the browser knows the public address the seller can reach, the server may not.
 */
export async function startAuthorizationWithSellerPage(
  ctx: PlatformContext,
  input: { platform: Provider; redirectUri: string; tenantId?: string },
) {
  let redirect: URL;
  try {
    redirect = new URL(input.redirectUri);
  } catch {
    redirect = new URL('invalid:');
  }
  if (redirect.pathname !== sellerDonePath || redirect.search || redirect.hash) {
    const message = `redirectUri must be this service's ${sellerDonePath} page.`;
    throw new AppError('invalid_request', message, {
      errors: [{ pointer: '/redirectUri', code: 'invalid_value', message }],
    });
  }
  const started = await startAuthorization(ctx, input);
  const token = sellerPageToken(hashState(started.state));
  return {
    sellerPageUrl: new URL(`/authorize/${token}`, redirect.origin).toString(),
    authUrl: started.authUrl,
    ...(started.mobileAuthUrl ? { mobileAuthUrl: started.mobileAuthUrl } : {}),
    expiresAt: started.expiresAt,
  };
}
