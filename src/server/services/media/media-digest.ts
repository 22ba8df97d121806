import { createHmac, hkdfSync } from 'node:crypto';
import { getSecrets } from '@/server/config/secrets';

/**
 * The de-duplication key of an uploaded image: HMAC-SHA256 under a key derived from the session secret (HKDF,
 * its own label, so the two uses never share a key). A plain SHA-256 in the database would let anyone holding
 * a copy of it check whether a given ID card photo was uploaded; this needs the server's secret. Changing
 * SESSION_SECRET only means that an image uploaded before is uploaded once more.
 */
export function mediaDigest(bytes: Uint8Array): string {
  const key = Buffer.from(hkdfSync('sha256', getSecrets().sessionSecret, '', 'media-content-digest/v1', 32));
  return createHmac('sha256', key).update(bytes).digest('hex');
}
