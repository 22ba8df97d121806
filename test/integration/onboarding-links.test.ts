import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { onboardingLinks, sellerSessions } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { createOnboardingLink } from '@/server/services/onboarding-links/create-onboarding-link';
import { hashToken } from '@/server/services/onboarding-links/link-token';
import { listOnboardingLinks } from '@/server/services/onboarding-links/list-onboarding-links';
import { redeemOnboardingLink } from '@/server/services/onboarding-links/redeem-onboarding-link';
import { resolveSellerSession } from '@/server/services/onboarding-links/resolve-seller-session';
import { revokeOnboardingLink } from '@/server/services/onboarding-links/revoke-onboarding-link';
import { SELLER_SESSION_IDLE_MS } from '@/server/services/onboarding-links/seller-session';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, pointer: (error as AppError).errors[0]?.pointer };
  }
  throw new Error('expected a refusal');
}

const tokenOf = (url: string) => new URL(url).pathname.replace('/onboard/', '');

describeEachDatabase('onboarding links and seller sessions', (database) => {
  let ctx: { db: ReturnType<typeof database>['db']; platformId: string; actor: string };
  let other: typeof ctx;
  let recordId: string;
  let seq = 0;
  const anon = () => ({ db: database().db, actor: 'seller' });

  beforeAll(async () => {
    ctx = { db: database().db, platformId: (await createPlatformWithKey(database().db)).platformId, actor: 'test' };
    other = { ...ctx, platformId: (await createPlatformWithKey(database().db)).platformId };
    recordId = (await createSubMerchant(ctx, { provider: 'providerA', distributorExternalUserId: 'onboard-1' })).record
      .id;
  });

  const mint = (input: Parameters<typeof createOnboardingLink>[1] | object = {}) =>
    createOnboardingLink(ctx, { subMerchantId: recordId, ...input });

  it('mints an unguessable link stored only as its hash, bound to the record, expiring in 24 h by default', async () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const link = await mint({
      now,
      refreshUrl: 'https://shop.example.com/refresh',
      include: ['miniprogram_authorization'],
    });
    const token = tokenOf(link.url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      object: 'onboarding_link',
      subMerchantId: recordId,
      status: 'active',
      returnUrl: null,
      refreshUrl: 'https://shop.example.com/refresh',
      include: ['miniprogram_authorization'],
      expiresAt: '2026-11-29T10:00:00.000Z',
    });
    const [row] = await database().db.select().from(onboardingLinks).where(eq(onboardingLinks.id, link.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('refuses bad URLs, bounds and other platforms’ records with a specific error, writing nothing', async () => {
    const before = (await listOnboardingLinks(ctx, { subMerchantId: recordId })).data.length;
    expect(await refusal(mint({ returnUrl: 'http://shop.example.com/done' }))).toEqual({
      code: 'invalid_request',
      pointer: '/returnUrl',
    });
    expect(await refusal(mint({ refreshUrl: 'not a url' }))).toEqual({
      code: 'invalid_request',
      pointer: '/refreshUrl',
    });
    expect((await refusal(createOnboardingLink(other, { subMerchantId: recordId }))).code).toBe('not_found');
    expect((await refusal(listOnboardingLinks(other, { subMerchantId: recordId }))).code).toBe('not_found');
    expect((await listOnboardingLinks(ctx, { subMerchantId: recordId })).data).toHaveLength(before);
    // http is accepted for localhost in sandbox mode, as for every redirect of the code base.
    expect((await mint({ returnUrl: 'http://localhost:3000/done' })).returnUrl).toBe('http://localhost:3000/done');
  });

  it('opens one session per link; a reload with that session is let in, another browser is refused', async () => {
    const link = await mint({ refreshUrl: 'https://shop.example.com/refresh' });
    const token = tokenOf(link.url);
    const first = await redeemOnboardingLink(anon(), { token });
    if (!first.ok || !first.sessionToken) throw new Error('expected a new session');
    expect(first).toMatchObject({ platformId: ctx.platformId, subMerchantId: recordId });
    const [session] = await database()
      .db.select()
      .from(sellerSessions)
      .where(eq(sellerSessions.tokenHash, hashToken(first.sessionToken)));
    expect(session).toMatchObject({ linkId: link.id, subMerchantId: recordId });

    const reload = await redeemOnboardingLink(anon(), { token, sessionToken: first.sessionToken });
    expect(reload).toMatchObject({ ok: true, subMerchantId: recordId });
    expect(reload).not.toHaveProperty('sessionToken');
    expect(await redeemOnboardingLink(anon(), { token })).toEqual({
      ok: false,
      refreshUrl: 'https://shop.example.com/refresh',
    });
    const listed = (await listOnboardingLinks(ctx, { subMerchantId: recordId })).data.find((l) => l.id === link.id);
    expect(listed?.status).toBe('used');
  });

  it('answers unknown, malformed, expired and revoked tokens alike (refreshUrl only when the link had one)', async () => {
    expect(await redeemOnboardingLink(anon(), { token: 'x'.repeat(43) })).toEqual({ ok: false });
    expect(await redeemOnboardingLink(anon(), { token: '../../etc/passwd' })).toEqual({ ok: false });
    const now = new Date();
    const expired = await mint({ expiresIn: 300, now: new Date(now.getTime() - 301_000) });
    expect(expired.status).toBe('active');
    expect(await redeemOnboardingLink(anon(), { token: tokenOf(expired.url), now })).toEqual({ ok: false });
    expect(
      (await listOnboardingLinks(ctx, { subMerchantId: recordId, now })).data.find((l) => l.id === expired.id)?.status,
    ).toBe('expired');
    const revoked = await mint({ refreshUrl: `https://shop.example.com/refresh?n=${++seq}` });
    expect((await revokeOnboardingLink(ctx, { subMerchantId: recordId, linkId: revoked.id })).status).toBe('revoked');
    expect(await redeemOnboardingLink(anon(), { token: tokenOf(revoked.url) })).toEqual({
      ok: false,
      refreshUrl: `https://shop.example.com/refresh?n=${seq}`,
    });
  });

  it('revoking ends the session the link opened; revoking again is unchanged; other records are 404', async () => {
    const link = await mint();
    const opened = await redeemOnboardingLink(anon(), { token: tokenOf(link.url) });
    if (!opened.ok || !opened.sessionToken) throw new Error('expected a session');
    expect(await resolveSellerSession(anon(), { sessionToken: opened.sessionToken })).toMatchObject({
      linkId: link.id,
    });
    expect((await refusal(revokeOnboardingLink(other, { subMerchantId: recordId, linkId: link.id }))).code).toBe(
      'not_found',
    );
    expect((await refusal(revokeOnboardingLink(ctx, { subMerchantId: 'sm_nope', linkId: link.id }))).code).toBe(
      'not_found',
    );
    const revoked = await revokeOnboardingLink(ctx, { subMerchantId: recordId, linkId: link.id });
    expect(revoked.status).toBe('revoked');
    expect(await revokeOnboardingLink(ctx, { subMerchantId: recordId, linkId: link.id })).toEqual(revoked);
    expect(await resolveSellerSession(anon(), { sessionToken: opened.sessionToken })).toBeNull();
  });

  it('a session ends after 30 minutes without a request, and each request moves that forward', async () => {
    const link = await mint();
    const start = new Date();
    const opened = await redeemOnboardingLink(anon(), { token: tokenOf(link.url), now: start });
    if (!opened.ok || !opened.sessionToken) throw new Error('expected a session');
    const sessionToken = opened.sessionToken;
    const later = new Date(start.getTime() + SELLER_SESSION_IDLE_MS - 1000);
    const kept = await resolveSellerSession(anon(), { sessionToken, now: later });
    expect(kept?.expiresAt.getTime()).toBe(later.getTime() + SELLER_SESSION_IDLE_MS);
    const idle = new Date(later.getTime() + SELLER_SESSION_IDLE_MS + 1);
    expect(await resolveSellerSession(anon(), { sessionToken, now: idle })).toBeNull();
    expect(await resolveSellerSession(anon(), { sessionToken: 'garbage' })).toBeNull();
  });
});
