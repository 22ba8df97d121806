/**
 * The seller's side of hosted onboarding (issue 30): the seller's server actions and photo routes authenticate by
 * the seller session's cookie only, act on the session's one record through the same services and rules as the
 * API, write history as `seller` with `sub_merchant.updated` events saying what happened, and submit by the
 * platform's policy (`payments.seller_submit`: review by default, or direct to the sandbox over HTTP).
 */
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as sellerMediaItemRoute from '@/app/onboard/media/[mediaId]/route';
import * as sellerMediaRoute from '@/app/onboard/media/route';
import { events, subMerchantHistory } from '@/server/db/schema';
import { saveSellerDraft } from '@/server/seller-actions/save-seller-draft';
import { startSellerAuthorization } from '@/server/seller-actions/start-seller-authorization';
import { submitSellerApplication } from '@/server/seller-actions/submit-seller-application';
import { createOnboardingLink } from '@/server/services/onboarding-links/create-onboarding-link';
import { getSellerApplication } from '@/server/services/onboarding-links/get-seller-application';
import { redeemOnboardingLink } from '@/server/services/onboarding-links/redeem-onboarding-link';
import { resolveSellerSession } from '@/server/services/onboarding-links/resolve-seller-session';
import { revokeOnboardingLink } from '@/server/services/onboarding-links/revoke-onboarding-link';
import { SELLER_SESSION_COOKIE } from '@/server/services/onboarding-links/seller-session';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { getSubMerchant } from '@/server/services/sub-merchants/get-sub-merchant';
import { submitSubMerchant } from '@/server/services/sub-merchants/submit-sub-merchant';
import { callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { inRequestScope, useRequestScope } from '../support/next-request-scope';
import { completeFormData, serviceUploader } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { mediaForm } from '../support/test-images';

// The seller's actions read their cookie with an ESM import of next/headers, which useRequestScope's swap of the
// CommonJS module does not reach: the same request-scope functions are handed to it here.
vi.mock('next/headers', async () => {
  const scope = await import('../support/next-request-scope');
  return { headers: scope.headers, cookies: scope.cookies };
});

const cookieOf = (sessionToken: string | null) =>
  sessionToken ? { cookie: `${SELLER_SESSION_COOKIE}=${sessionToken}` } : ({} as Record<string, string>);

/** Runs a seller server action as Next.js does, in a request carrying `sessionToken`'s cookie (none for null). */
async function asSeller<T>(sessionToken: string | null, action: () => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  await inRequestScope(async () => {
    result = { value: await action() };
    return new Response(null);
  })(new Request('http://localhost/onboard', { headers: cookieOf(sessionToken) }));
  return result!.value;
}

let colour = 0x305070;
const photo = async () =>
  sharp({
    create: { width: 64, height: 48, channels: 3, background: `#${(colour += 0x020305).toString(16).slice(-6)}` },
  })
    .jpeg()
    .toBuffer();

describeEachDatabase('the seller’s hosted onboarding', (database) => {
  useSandboxOverHttp();
  useRequestScope();
  let operator: { db: ReturnType<typeof database>['db']; platformId: string; actor: string };
  let seq = 0;

  beforeAll(async () => {
    const db = database().db;
    operator = { db, platformId: (await createPlatformWithKey(db)).platformId, actor: 'operator:test' };
  });

  /** A fresh record of the operator's platform and a seller session opened from a link minted for it. */
  async function sellerOf(include: 'miniprogram_authorization'[] = []) {
    const record = (
      await createSubMerchant(operator, { provider: 'providerA', distributorExternalUserId: `seller-${++seq}` })
    ).record;
    const link = await createOnboardingLink(operator, { subMerchantId: record.id, include });
    const redeemed = await redeemOnboardingLink(
      { db: database().db, actor: 'seller' },
      { token: new URL(link.url).pathname.replace('/onboard/', '') },
    );
    if (!redeemed.ok || !redeemed.sessionToken) throw new Error('the link did not open a session');
    return { id: record.id, linkId: link.id, token: redeemed.sessionToken };
  }

  const eventsOf = async (id: string) =>
    (await database().db.select().from(events).where(eq(events.platformId, operator.platformId)))
      .map((e) => e.data as { change: string; object: { id: string } })
      .filter((d) => d.object.id === id)
      .map((d) => d.change);
  const historyOf = (id: string) =>
    database()
      .db.select({ actor: subMerchantHistory.actor, action: subMerchantHistory.action })
      .from(subMerchantHistory)
      .where(eq(subMerchantHistory.subMerchantId, id))
      .orderBy(asc(subMerchantHistory.createdAt));
  const stored = (id: string) => getSubMerchant(operator, { id });

  describe('saving', () => {
    it('saves the seller’s entries on the session’s record, masks personal ones, and says so as `seller`', async () => {
      const seller = await sellerOf();
      const saved = await asSeller(seller.token, () =>
        saveSellerDraft({ formData: { merchantShortname: '张三小店', idCardNumber: '110101199003077578' } }),
      );
      expect(saved).toMatchObject({ ok: true, record: { id: seller.id, formData: { merchantShortname: '张三小店' } } });
      if (!saved.ok) return;
      expect(saved.record.formData.idCardNumber).not.toBe('110101199003077578');
      expect(String(saved.record.formData.idCardNumber)).toMatch(/\*/);
      // The seller sees their own record, not the platform's bookkeeping.
      expect(saved.record).not.toHaveProperty('commissionRate');
      expect(saved.record).not.toHaveProperty('platformId');
      expect(await historyOf(seller.id)).toContainEqual({ actor: 'seller', action: 'updated' });
      expect(await eventsOf(seller.id)).toContain('seller_saved');
      expect((await stored(seller.id)).formData.merchantShortname).toBe('张三小店');
    });

    it('refuses without a session, after revocation and once idle, as NOT_FOUND, changing nothing', async () => {
      const seller = await sellerOf();
      const save = (token: string | null) =>
        asSeller(token, () => saveSellerDraft({ formData: { merchantShortname: 'Refused' } }));
      expect(await save(null)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      expect(await save('x'.repeat(43))).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      // Idle past the session's lifetime: resolving it a day later finds nothing.
      expect(
        await resolveSellerSession(
          { db: database().db, actor: 'seller' },
          { sessionToken: seller.token, now: new Date(Date.now() + 86_400_000) },
        ),
      ).toBeNull();
      await revokeOnboardingLink(operator, { subMerchantId: seller.id, linkId: seller.linkId });
      expect(await save(seller.token)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      expect((await stored(seller.id)).formData.merchantShortname).toBeUndefined();
    });

    it('refuses another record’s id, status or provider changes with a specific error, changing nothing', async () => {
      const seller = await sellerOf();
      const other = await sellerOf();
      const refused = async (input: unknown) =>
        asSeller(seller.token, () => saveSellerDraft(input as Parameters<typeof saveSellerDraft>[0]));
      // No ids, no status: the input is formData only, and anything else is refused rather than ignored.
      expect(await refused({ id: other.id, formData: { merchantShortname: 'Hijack' } })).toMatchObject({
        ok: false,
        code: 'BAD_REQUEST',
      });
      expect(await refused({ formData: { merchantShortname: 'Active' }, status: 'active' })).toMatchObject({
        ok: false,
        code: 'BAD_REQUEST',
      });
      // The provider is the record's: naming another one is refused at its key.
      const provider = await refused({ formData: { merchantShortname: 'Alipay' }, provider: 'providerB' });
      expect(provider).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
      expect(JSON.stringify(provider)).toContain('provider');
      expect((await stored(other.id)).formData.merchantShortname).toBeUndefined();
      expect((await stored(seller.id)).formData).toEqual({});
      expect((await stored(seller.id)).provider).toBe('providerA');
    });
  });

  describe('photos', () => {
    const upload = (token: string | null, form: FormData) =>
      callRoute(sellerMediaRoute.POST, '/onboard/media', { method: 'POST', headers: cookieOf(token), body: form });
    const preview = (token: string | null, mediaId: string) =>
      callRoute(sellerMediaItemRoute.GET, `/onboard/media/${mediaId}`, {
        headers: cookieOf(token),
        params: { mediaId },
      });

    it('uploads through the API’s checks to the record’s provider and previews only the form’s own photos', async () => {
      const seller = await sellerOf();
      const response = await upload(seller.token, mediaForm({ bytes: await photo(), name: 'shop.jpg' }, 'providerA'));
      expect(response.status).toBe(201);
      const { mediaId } = (await response.json()) as { mediaId: string };
      expect(await eventsOf(seller.id)).toContain('seller_uploaded');
      expect(await historyOf(seller.id)).toContainEqual({ actor: 'seller', action: 'seller_uploaded' });
      // Not in the form yet: not served (a session cannot browse the platform's documents by id).
      expect((await preview(seller.token, mediaId)).status).toBe(404);
      await asSeller(seller.token, () => saveSellerDraft({ formData: { licenseCopy: mediaId } }));
      const shown = await preview(seller.token, mediaId);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type')).toBe('image/jpeg');
      expect((await preview(null, mediaId)).status).toBe(404);
      // Another seller of the same platform does not see it.
      expect((await preview((await sellerOf()).token, mediaId)).status).toBe(404);
    });

    it('refuses another provider, a file that is not an image, and a request without a session', async () => {
      const seller = await sellerOf();
      const otherProvider = await upload(seller.token, mediaForm({ bytes: await photo(), name: 'a.jpg' }, 'providerB'));
      expect(otherProvider.status).toBe(400);
      expect(JSON.stringify(await otherProvider.json())).toContain('/provider');
      const notImage = await upload(
        seller.token,
        mediaForm({ bytes: new TextEncoder().encode('%PDF-1.4 not a photo'), name: 'a.jpg' }, 'providerA'),
      );
      expect(notImage.status).toBe(415);
      const anonymous = await upload(null, mediaForm({ bytes: await photo(), name: 'a.jpg' }, 'providerA'));
      expect(anonymous.status).toBe(404);
      expect(await eventsOf(seller.id)).not.toContain('seller_uploaded');
    });
  });

  describe('submitting', () => {
    /** A session whose record holds a complete form (its photos uploaded by the platform). */
    async function completeSeller() {
      const seller = await sellerOf();
      const formData = await completeFormData(serviceUploader(database().db, operator.platformId), 'providerA');
      const saved = await asSeller(seller.token, () => saveSellerDraft({ formData }));
      expect(saved.ok).toBe(true);
      return seller;
    }

    it('under the default review policy: refuses an incomplete form at its fields, changing nothing', async () => {
      const seller = await sellerOf();
      const refused = await asSeller(seller.token, () => submitSellerApplication());
      expect(refused).toMatchObject({ ok: false, code: 'UNPROCESSABLE_CONTENT' });
      expect(refused.ok ? [] : refused.errors.length).toBeGreaterThan(0);
      expect((await stored(seller.id)).reviewRequestedAt).toBeUndefined();
      expect(await eventsOf(seller.id)).not.toContain('seller_submitted');
    });

    it('under the review policy: marks the record ready for review; an operator then submits it', async () => {
      const seller = await completeSeller();
      const submitted = await asSeller(seller.token, () => submitSellerApplication());
      expect(submitted).toMatchObject({ ok: true, record: { id: seller.id } });
      const waiting = await stored(seller.id);
      expect(waiting.reviewRequestedAt).toEqual(expect.any(String));
      expect(waiting.chApplymentState).toBeUndefined();
      expect(await historyOf(seller.id)).toContainEqual({ actor: 'seller', action: 'seller_submitted' });
      expect(await eventsOf(seller.id)).toContain('seller_submitted');
      // The operator checks and submits as usual; the request for review is answered.
      const sent = await submitSubMerchant(operator, { id: seller.id, patch: undefined });
      expect(sent.record.chApplymentState).toBeDefined();
      expect(sent.record.reviewRequestedAt).toBeUndefined();
    });

    it('under the direct policy: submits upstream (the sandbox over HTTP) as the seller', async () => {
      const direct = { ...operator, platformId: (await createPlatformWithKey(database().db)).platformId };
      const record = (await createSubMerchant(direct, { provider: 'providerA', distributorExternalUserId: 'direct' }))
        .record;
      await setPlatformConfig(direct, { key: 'payments.seller_submit', value: 'direct' });
      const link = await createOnboardingLink(direct, { subMerchantId: record.id });
      const redeemed = await redeemOnboardingLink(
        { db: database().db, actor: 'seller' },
        { token: new URL(link.url).pathname.replace('/onboard/', '') },
      );
      const token = redeemed.ok ? redeemed.sessionToken! : '';
      const formData = await completeFormData(serviceUploader(database().db, direct.platformId), 'providerA');
      expect((await asSeller(token, () => saveSellerDraft({ formData }))).ok).toBe(true);
      const submitted = await asSeller(token, () => submitSellerApplication());
      expect(submitted).toMatchObject({ ok: true });
      const after = await getSubMerchant(direct, { id: record.id });
      expect(after.chApplymentState).toBeDefined();
      expect(after.chApplymentId).toBeDefined();
      expect(after.reviewRequestedAt).toBeUndefined();
      const changes = (
        await database()
          .db.select()
          .from(events)
          .where(and(eq(events.platformId, direct.platformId), eq(events.type, 'sub_merchant.updated')))
      ).map((e) => (e.data as { change: string }).change);
      expect(changes).toContain('seller_submitted');
      expect(
        await database()
          .db.select({ actor: subMerchantHistory.actor, action: subMerchantHistory.action })
          .from(subMerchantHistory)
          .where(eq(subMerchantHistory.subMerchantId, record.id)),
      ).toContainEqual({ actor: 'seller', action: 'submitted' });
    });

    it('refuses an unknown policy value when the platform sets it', async () => {
      await expect(
        setPlatformConfig(operator, { key: 'payments.seller_submit', value: 'later' }),
      ).rejects.toMatchObject({
        code: 'invalid_request',
      });
    });
  });

  describe('status and the mini-program step', () => {
    it('shows the platform’s name, the record and, when the link includes it, the authorization step', async () => {
      const seller = await sellerOf(['miniprogram_authorization']);
      const ctx = { db: database().db, actor: 'seller' };
      const session = (await resolveSellerSession(ctx, { sessionToken: seller.token }))!;
      const before = await getSellerApplication(ctx, { session });
      expect(before).toMatchObject({
        platformName: expect.stringMatching(/^Test platform/),
        submitPolicy: 'review',
        include: ['miniprogram_authorization'],
        record: { id: seller.id },
        authorization: { step: 'not_started' },
      });
      const started = await asSeller(seller.token, () => startSellerAuthorization());
      expect(started).toMatchObject({ ok: true, sellerPageUrl: expect.stringContaining('/authorize/') });
      expect((await getSellerApplication(ctx, { session })).authorization).toEqual({ step: 'pending' });
    });

    it('has no authorization step when the link does not include it (NOT_FOUND)', async () => {
      const seller = await sellerOf();
      expect(await asSeller(seller.token, () => startSellerAuthorization())).toMatchObject({
        ok: false,
        code: 'NOT_FOUND',
      });
    });
  });
});
