import { createHmac, hkdfSync } from 'node:crypto';
import { getSecrets } from '@/server/config/secrets';

let key: { secret: string; bytes: Buffer } | undefined;

/** HKDF of the session secret under its own label, so this use never shares a key with another HMAC. */
function searchKey(): Buffer {
  const secret = getSecrets().sessionSecret;
  if (key?.secret !== secret) {
    key = { secret, bytes: Buffer.from(hkdfSync('sha256', secret, '', 'licence-number-search/v1', 32)) };
  }
  return key.bytes;
}

/** How people type a licence number: spaces and dashes dropped, letters upper case (credit codes are A–Z0–9). */
export const normalizeLicenceNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/**
 * The work queue's search key for a licence number: keyed HMAC-SHA256 of the normalized number. A copy of the
 * database cannot be searched for a known licence number without the server's secret, as a plain hash or a
 * plain column could. Exact match only, by design. Changing SESSION_SECRET leaves stored keys stale until the
 * record's formData is written again.
 */
export function licenceSearchKey(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const normalized = normalizeLicenceNumber(value);
  if (normalized.length === 0) return null;
  return createHmac('sha256', searchKey()).update(normalized).digest('hex');
}
