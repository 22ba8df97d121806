import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret,
  parseSignatureHeader,
  signWebhookPayload,
  verifyWebhookSignature,
} from '@/server/crypto/webhook-signature';

const BODY = '{"id":"evt_1","type":"sub_merchant.updated"}';
const T = 1700000000;
const NEW = 'whsec_test_secret';
const OLD = 'whsec_old_secret';
// Computed independently: printf '%s' "1700000000.$BODY" | openssl dgst -sha256 -hmac "$SECRET"
const SIG_NEW = '69dbc2754687f20d57b476b5588965e884792176422cafcc975f484da41f1cfe';
const SIG_OLD = '698e6fe8ea01261dc8113c3a71baa22cf985003306fd87003ff3eb9436e8ac42';

describe('signWebhookPayload', () => {
  it('matches an HMAC-SHA256 computed with openssl over "t.body"', () => {
    expect(signWebhookPayload({ body: BODY, secrets: [NEW], timestamp: T })).toBe(`t=${T},v1=${SIG_NEW}`);
  });

  it('signs with both secrets during rotation, and bytes sign the same as the string', () => {
    expect(signWebhookPayload({ body: new TextEncoder().encode(BODY), secrets: [NEW, OLD], timestamp: T })).toBe(
      `t=${T},v1=${SIG_NEW},v1=${SIG_OLD}`,
    );
  });

  it('needs a secret and whole-second timestamps; defaults the timestamp to now', () => {
    expect(() => signWebhookPayload({ body: BODY, secrets: [], timestamp: T })).toThrow('at least one secret');
    expect(() => signWebhookPayload({ body: BODY, secrets: [NEW], timestamp: 1.5 })).toThrow('unix seconds');
    const header = signWebhookPayload({ body: BODY, secrets: [NEW] });
    expect(Math.abs((parseSignatureHeader(header)?.timestamp ?? 0) - Date.now() / 1000)).toBeLessThan(5);
  });
});

describe('verifyWebhookSignature', () => {
  const header = `t=${T},v1=${SIG_NEW},v1=${SIG_OLD}`;

  it('accepts a header signed with the secret, with either secret during rotation', () => {
    expect(verifyWebhookSignature({ header, body: BODY, secret: NEW, now: T + 10 })).toBe(true);
    expect(verifyWebhookSignature({ header, body: BODY, secret: OLD, now: new Date((T - 10) * 1000) })).toBe(true);
    expect(
      verifyWebhookSignature({ header: ` t=${T} , v0=abc, v1=${SIG_NEW} `, body: BODY, secret: NEW, now: T }),
    ).toBe(true);
  });

  it('rejects another secret, a changed body and a forged signature', () => {
    expect(verifyWebhookSignature({ header, body: BODY, secret: 'whsec_other', now: T })).toBe(false);
    expect(verifyWebhookSignature({ header, body: `${BODY} `, secret: NEW, now: T })).toBe(false);
    expect(verifyWebhookSignature({ header: `t=${T},v1=${'0'.repeat(64)}`, body: BODY, secret: NEW, now: T })).toBe(
      false,
    );
    expect(verifyWebhookSignature({ header: `t=${T + 1},v1=${SIG_NEW}`, body: BODY, secret: NEW, now: T })).toBe(false);
  });

  it('rejects stale and far-future timestamps outside the tolerance', () => {
    expect(verifyWebhookSignature({ header, body: BODY, secret: NEW, now: T + 300 })).toBe(true);
    expect(verifyWebhookSignature({ header, body: BODY, secret: NEW, now: T + 301 })).toBe(false);
    expect(verifyWebhookSignature({ header, body: BODY, secret: NEW, now: T - 301 })).toBe(false);
    expect(verifyWebhookSignature({ header, body: BODY, secret: NEW, now: T + 1000, toleranceSeconds: 1000 })).toBe(
      true,
    );
  });

  it('rejects missing and malformed headers', () => {
    for (const bad of [
      undefined,
      null,
      '',
      `v1=${SIG_NEW}`,
      `t=abc,v1=${SIG_NEW}`,
      `t=${T}`,
      `t=${T},v1=${SIG_NEW.slice(1)}`,
      `t=${T},v1=zz`,
    ]) {
      expect(verifyWebhookSignature({ header: bad, body: BODY, secret: NEW, now: T })).toBe(false);
    }
  });
});

describe('generateWebhookSecret', () => {
  it('is whsec_ + 32 random bytes in base64url', () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(6), 'base64url')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});
