import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of the events we push to integrators (docs/product/decisions.md §6), Stripe-style:
 * `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`.
 * The HMAC key is the UTF-8 bytes of the whole secret string, `whsec_` prefix included. While a secret is
 * being rotated both the old and the new secret sign, giving two `v1=` entries; a receiver holding either
 * one verifies.
 */

export const SIGNATURE_HEADER = 'X-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

type RawBody = string | Uint8Array;

const toSeconds = (now: number | Date) => (now instanceof Date ? Math.floor(now.getTime() / 1000) : Math.floor(now));

function computeSignature(secret: string, timestamp: number, body: RawBody): string {
  const hmac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  hmac.update(`${timestamp}.`, 'utf8');
  hmac.update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  return hmac.digest('hex');
}

/** A new per-platform signing secret: `whsec_` + 32 random bytes in base64url. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The X-Signature header value for a raw body. `secrets` holds the current secret, or during rotation the
 * new and the old one (each adds a `v1=` entry). `timestamp` is unix seconds (default: now).
 */
export function signWebhookPayload(params: { body: RawBody; secrets: readonly string[]; timestamp?: number }): string {
  const { body, secrets } = params;
  const timestamp = params.timestamp ?? Math.floor(Date.now() / 1000);
  if (secrets.length === 0) throw new Error('signWebhookPayload needs at least one secret.');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw new Error('Webhook timestamp must be whole unix seconds.');
  const signatures = [...new Set(secrets)].map((secret) => `v1=${computeSignature(secret, timestamp, body)}`);
  return [`t=${timestamp}`, ...signatures].join(',');
}

export type ParsedSignatureHeader = { timestamp: number; signatures: string[] };

/** Reads `t=` and every `v1=` entry; unknown schemes are ignored. Undefined when there is no usable `t=`. */
export function parseSignatureHeader(header: string): ParsedSignatureHeader | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,15}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1') signatures.push(value);
  }
  return timestamp === undefined ? undefined : { timestamp, signatures };
}

/**
 * Verifies an X-Signature header against the raw body with one secret. False when the header is malformed,
 * no v1 entry matches (constant-time comparison) or the timestamp is more than `toleranceSeconds` away from
 * `now` (unix seconds or a Date; default: the current time), which bounds replays.
 */
export function verifyWebhookSignature(params: {
  header: string | null | undefined;
  body: RawBody;
  secret: string;
  toleranceSeconds?: number;
  now?: number | Date;
}): boolean {
  const { header, body, secret, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS } = params;
  if (!header) return false;
  const parsed = parseSignatureHeader(header);
  if (!parsed) return false;
  const now = toSeconds(params.now ?? new Date());
  if (Math.abs(now - parsed.timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(computeSignature(secret, parsed.timestamp, body), 'hex');
  let matched = false;
  for (const candidate of parsed.signatures) {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) continue;
    // Every candidate is compared (no early exit) so timing does not reveal which one matched.
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
  }
  return matched;
}
