/**
 * Seller-side limits over HTTP (issue 30): the link route /onboard/{token} is limited per link whatever address opens
 * it, a seller session's requests (here its photo route) are limited per session whatever address they come from,
 * the session cookie lives as long as the session can, and a session ends 24 hours after it opened however busy.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { GET as sellerPhoto } from '@/app/onboard/media/[mediaId]/route';
import { GET as openLink } from '@/app/onboard/[token]/route';
import { resetSellerLinkRateLimitsForTests } from '@/server/http/seller-rate-limit';
import { SOCKET_ADDRESS_HEADER } from '@/server/http/trusted-proxy';
import { createOnboardingLink } from '@/server/services/onboarding-links/create-onboarding-link';
import { redeemOnboardingLink } from '@/server/services/onboarding-links/redeem-onboarding-link';
import { resolveSellerSession } from '@/server/services/onboarding-links/resolve-seller-session';
import {
  SELLER_SESSION_COOKIE,
  SELLER_SESSION_IDLE_MS,
  SELLER_SESSION_MAX_MS,
} from '@/server/services/onboarding-links/seller-session';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';

const tokenOf = (url: string) => new URL(url).pathname.replace('/onboard/', '');
let addresses = 0;
/** A client address no other test of the run uses, so only the limit under test can answer 429. */
const freshAddress = () => `198.51.100.${++addresses}`;

describeEachDatabase('seller limits over HTTP', (database) => {
  let ctx: { db: ReturnType<typeof database>['db']; platformId: string; actor: string };
  let recordId: string;

  beforeAll(async () => {
    ctx = { db: database().db, platformId: (await createPlatformWithKey(database().db)).platformId, actor: 'test' };
    recordId = (await createSubMerchant(ctx, { provider: 'providerA', distributorExternalUserId: 'limits-1' })).record
      .id;
  });
  afterEach(() => resetSellerLinkRateLimitsForTests());

  const open = (token: string, address: string, cookie?: string) =>
    callRoute(openLink, `/onboard/${token}`, {
      params: { token },
      headers: { [SOCKET_ADDRESS_HEADER]: address, ...(cookie && { cookie }) },
    });

  it('opens one link at most 10 times at once from any number of addresses, then 429 with Retry-After', async () => {
    const link = await createOnboardingLink(ctx, { subMerchantId: recordId });
    const token = tokenOf(link.url);
    const first = await open(token, freshAddress());
    expect(first.status).toBe(303);
    expect(new URL(first.headers.get('location')!).pathname).toBe('/onboard');
    for (let i = 1; i < 10; i++) {
      const again = await open(token, freshAddress());
      // Used by the first browser: the neutral page, but not refused.
      expect(again.status).toBe(303);
      expect(new URL(again.headers.get('location')!).pathname).toBe('/onboard/unavailable');
    }
    const address = freshAddress();
    const refused = await open(token, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    // The same address opening another link is not affected, nor is a malformed token (it never names a link).
    const other = await createOnboardingLink(ctx, { subMerchantId: recordId });
    expect((await open(tokenOf(other.url), address)).status).toBe(303);
    expect((await open('not-a-token', address)).status).toBe(303);
  });

  it('sets the session cookie with a Max-Age of the session’s longest life, HttpOnly and SameSite=Lax', async () => {
    const link = await createOnboardingLink(ctx, { subMerchantId: recordId });
    const opened = await open(tokenOf(link.url), freshAddress());
    const cookie = opened.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${SELLER_SESSION_COOKIE}=[A-Za-z0-9_-]{43}; `));
    expect(cookie).toContain(`Max-Age=${SELLER_SESSION_MAX_MS / 1000}`);
    expect(SELLER_SESSION_MAX_MS / 1000).toBe(86_400);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    // The browser holding it is let back in through the same link, and no second cookie is set.
    const reload = await open(tokenOf(link.url), freshAddress(), cookie.split(';')[0]);
    expect(new URL(reload.headers.get('location')!).pathname).toBe('/onboard');
    expect(reload.headers.get('set-cookie')).toBeNull();
  });

  it("limits one seller session's requests to 60 at once whatever their address; another session goes on", async () => {
    const sessionOf = async () => {
      const link = await createOnboardingLink(ctx, { subMerchantId: recordId });
      return (await open(tokenOf(link.url), freshAddress())).headers.get('set-cookie')!.split(';')[0]!;
    };
    const photo = (cookie: string) =>
      callRoute(sellerPhoto, '/onboard/media/wx_media_unknown', {
        params: { mediaId: 'wx_media_unknown' },
        headers: { [SOCKET_ADDRESS_HEADER]: freshAddress(), cookie },
      });
    const [session, other] = [await sessionOf(), await sessionOf()];
    // Not a photo of this form: 404 each time, every one spending from the session's budget (which refills 5 a
    // second meanwhile), until the 429.
    let answered = 0;
    let refused = await photo(session);
    while (refused.status === 404 && answered < 500) {
      answered++;
      refused = await photo(session);
    }
    expect(answered).toBeGreaterThanOrEqual(60);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await photo(other)).status).toBe(404);
  });

  it('ends a session 24 hours after it opened however busy it is; retention may then delete it', async () => {
    const link = await createOnboardingLink(ctx, { subMerchantId: recordId });
    const start = new Date();
    const opened = await redeemOnboardingLink(
      { db: ctx.db, actor: 'seller' },
      { token: tokenOf(link.url), now: start },
    );
    if (!opened.ok || !opened.sessionToken) throw new Error('expected a session');
    const end = start.getTime() + SELLER_SESSION_MAX_MS;
    // A request every 20 minutes keeps it open until the last one, whose deadline is the 24th hour, not 30 min on.
    let now = start.getTime();
    while (now + 20 * 60_000 < end) {
      now += 20 * 60_000;
      const kept = await resolveSellerSession(ctx, { sessionToken: opened.sessionToken, now: new Date(now) });
      expect(kept?.expiresAt.getTime()).toBe(Math.min(now + SELLER_SESSION_IDLE_MS, end));
    }
    expect(await resolveSellerSession(ctx, { sessionToken: opened.sessionToken, now: new Date(end + 1) })).toBeNull();
  });
});
