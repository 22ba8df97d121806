import { hash } from 'node:crypto';
import { randomBase62 } from '@/server/ids';

export { serviceCodes, type ServiceCode } from '@/domain/service-codes';

/** `sk_test_` in sandbox mode, `sk_live_` in live mode, then 32 base62 characters (~190 bits). */
export function generateApiKey(mode: 'sandbox' | 'live') {
  const key = `sk_${mode === 'live' ? 'live' : 'test'}_${randomBase62(32)}`;
  return { key, hash: hashApiKey(key), displayPrefix: `${key.slice(0, 12)}…` };
}

// One-shot `hash` rather than createHash(): it runs on every API request, and the Hash object cost ≈ 10 µs more.
export const hashApiKey = (key: string) => hash('sha256', key, 'hex');

export const looksLikeApiKey = (value: string) => /^sk_(test|live)_[0-9A-Za-z]{32}$/.test(value);
