import type { ServiceContext } from '../context';
import { openAuthorizationLink } from './authorization-state';
import { findSellerAuthorization } from './find-seller-authorization';
import { verifySellerPageToken } from './seller-page-token';
import type { Provider } from '@/domain/providers';

export type SellerAuthorizationStatus = 'pending' | 'expired' | 'used' | 'done';

export type SellerAuthorizationView =
  | { status: 'invalid' }
  | {
      status: SellerAuthorizationStatus;
      platformName: string;
      provider: Provider;
      tenantId?: string;
      expiresAt: string;
      /** Only while pending: an expired or used link must not lead anywhere. */
      authUrl?: string;
      mobileAuthUrl?: string;
    };

/**
 * What the public seller page (/authorize/{token}) shows. No session: the token is the credential, so an
 * unknown, forged or malformed token is one indistinguishable `invalid` answer.
 */
export async function getSellerAuthorization(
  ctx: ServiceContext,
  { token, now = new Date() }: { token: string; now?: Date },
): Promise<SellerAuthorizationView> {
  const stateHash = verifySellerPageToken(token);
  if (!stateHash) return { status: 'invalid' };
  const row = await findSellerAuthorization(ctx, { stateHash });
  if (!row) return { status: 'invalid' };
  const { provider } = row;
  const a = row.authorization;
  const status: SellerAuthorizationStatus = a.usedAt
    ? a.authorizerAppId
      ? 'done'
      : 'used'
    : a.expiresAt <= now
      ? 'expired'
      : 'pending';
  return {
    status,
    platformName: row.platformName,
    provider,
    ...(a.tenantId ? { tenantId: a.tenantId } : {}),
    expiresAt: a.expiresAt.toISOString(),
    ...(status === 'pending'
      ? {
          authUrl: openAuthorizationLink(a.authUrl),
          ...(provider === 'providerA' && a.mobileAuthUrl
            ? { mobileAuthUrl: openAuthorizationLink(a.mobileAuthUrl) }
            : {}),
        }
      : {}),
  };
}
