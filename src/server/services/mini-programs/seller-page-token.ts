import { createHmac, timingSafeEqual } from 'node:crypto';
import { getSecrets } from '@/server/config/secrets';

// Domain separation: the session secret also signs console sessions; this MAC must never be mistaken for one.
const purpose = 'seller-authorization-page:v1:';
const tokenPattern = /^([0-9a-f]{64})\.([A-Za-z0-9_-]{43})$/;

const mac = (stateHash: string, secret: string) =>
  createHmac('sha256', secret)
    .update(purpose + stateHash)
    .digest('base64url');

/**
 * The seller page's URL token: `<stateHash>.<HMAC-SHA256(sessionSecret, stateHash)>`. The state hash is the
 * SHA-256 of 192 random bits (unguessable, and not the state itself); the MAC proves this service issued the
 * link. Expiry and single use come from the authorization row the hash points at.
 */
export function sellerPageToken(stateHash: string, secret = getSecrets().sessionSecret): string {
  return `${stateHash}.${mac(stateHash, secret)}`;
}

/** The state hash a token stands for, or null when it is malformed or its MAC does not verify. */
export function verifySellerPageToken(token: string, secret = getSecrets().sessionSecret): string | null {
  const match = tokenPattern.exec(token);
  if (!match) return null;
  const [, stateHash, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(mac(stateHash, secret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? stateHash : null;
}
