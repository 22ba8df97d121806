import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text; 22 characters carry ~131 bits. */
export function randomBase62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte < 248) out += alphabet[byte % 62]; // 248 = 4 × 62: no modulo bias
  }
  return out.length === length ? out : randomBase62(length);
}

/** Stripe-style prefixed ids ("sm_…", "plat_…") so a misplaced id is recognisable at a glance. */
export const newId = (prefix: string) => `${prefix}_${randomBase62(22)}`;
