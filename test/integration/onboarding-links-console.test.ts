/**
 * The console's onboarding-link procedures (onboardingLinks.*) over the same services as /v1: who may mint, list and
 * revoke, and that another platform's record or link answers NOT_FOUND and changes nothing.
 */
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, onboardingLinks } from '@/server/db/schema';
import { createOperator } from '@/server/services/operators/create-operator';
import { redeemOnboardingLink } from '@/server/services/onboarding-links/redeem-onboarding-link';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';

const createCaller = createCallerFactory(appRouter);
const failure = (error: unknown) => (error instanceof TRPCError ? error.code : `not a TRPCError: ${String(error)}`);
const tokenOf = (url: string) => new URL(url).pathname.replace('/onboard/', '');

describeEachDatabase('onboardingLinks procedures', (database) => {
  const operators = { operator: '', viewer: '', otherAdmin: '' };
  let platformId: string;
  let otherPlatformId: string;
  let recordId: string;
  let otherRecordId: string;
  const as = (who: keyof typeof operators) =>
    createCaller({ operatorId: operators[who], db: database().db, requestId: 'req_test' });
  const linkCount = async () => (await database().db.select({ id: onboardingLinks.id }).from(onboardingLinks)).length;

  beforeAll(async () => {
    const db = database().db;
    platformId = (await createPlatformWithKey(db)).platformId;
    otherPlatformId = (await createPlatformWithKey(db)).platformId;
    const member = async (platform: string, role: 'admin' | 'operator' | 'viewer') =>
      (
        await createOperator(
          { db, actor: 'test' },
          { email: `${role}-${platform}@example.com`, password: 'a-long-password-1', platformId: platform, role },
        )
      ).operatorId;
    operators.operator = await member(platformId, 'operator');
    operators.viewer = await member(platformId, 'viewer');
    operators.otherAdmin = await member(otherPlatformId, 'admin');
    const create = (platform: string, distributor: string) =>
      createSubMerchant(
        { db, platformId: platform, actor: 'test' },
        { provider: 'providerA', distributorExternalUserId: distributor },
      );
    recordId = (await create(platformId, 'console-link-1')).record.id;
    otherRecordId = (await create(otherPlatformId, 'console-link-2')).record.id;
  });

  it('an operator mints a link with the chosen expiry; the url is answered once and the list shows it', async () => {
    const before = Date.now();
    const link = await as('operator').onboardingLinks.create({ platformId, subMerchantId: recordId, expiresIn: 3600 });
    expect(link).toMatchObject({ object: 'onboarding_link', subMerchantId: recordId, status: 'active' });
    expect(tokenOf(link.url)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresAt) - before).toBeGreaterThan(3600_000 - 60_000);
    expect(Date.parse(link.expiresAt) - before).toBeLessThanOrEqual(3600_000 + 1000);
    const [row] = await database().db.select().from(onboardingLinks).where(eq(onboardingLinks.id, link.id));
    expect(row!.createdBy).toBe(`operator:${operators.operator}`);

    const listed = await as('viewer').onboardingLinks.list({ platformId, subMerchantId: recordId });
    expect(listed.data.map((l) => l.id)).toContain(link.id);
    expect(listed.data.find((l) => l.id === link.id)).not.toHaveProperty('url');
  });

  it('a viewer lists but may neither mint nor revoke; nothing is written', async () => {
    const link = await as('operator').onboardingLinks.create({ platformId, subMerchantId: recordId });
    const count = await linkCount();
    expect(await as('viewer').onboardingLinks.create({ platformId, subMerchantId: recordId }).catch(failure)).toBe(
      'FORBIDDEN',
    );
    expect(
      await as('viewer')
        .onboardingLinks.revoke({ platformId, subMerchantId: recordId, linkId: link.id })
        .catch(failure),
    ).toBe('FORBIDDEN');
    expect(await linkCount()).toBe(count);
    const listed = await as('viewer').onboardingLinks.list({ platformId, subMerchantId: recordId });
    expect(listed.data.find((l) => l.id === link.id)?.status).toBe('active');
  });

  it('revoking from the console closes the link: it opens nothing any more', async () => {
    const link = await as('operator').onboardingLinks.create({ platformId, subMerchantId: recordId });
    const revoked = await as('operator').onboardingLinks.revoke({
      platformId,
      subMerchantId: recordId,
      linkId: link.id,
    });
    expect(revoked).toMatchObject({ id: link.id, status: 'revoked', revokedAt: expect.any(String) });
    expect(await redeemOnboardingLink({ db: database().db, actor: 'seller' }, { token: tokenOf(link.url) })).toEqual({
      ok: false,
    });
    const listed = await as('operator').onboardingLinks.list({ platformId, subMerchantId: recordId });
    expect(listed.data.find((l) => l.id === link.id)?.status).toBe('revoked');
    // Both are in the platform's audit log with the operator's name; revoking again adds nothing.
    await as('operator').onboardingLinks.revoke({ platformId, subMerchantId: recordId, linkId: link.id });
    const entries = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.platformId, platformId), eq(auditLog.targetId, recordId)));
    const ofLink = entries.filter((entry) => (entry.details as { linkId?: string }).linkId === link.id);
    expect(ofLink.map((entry) => entry.action).sort()).toEqual(['onboarding_link.create', 'onboarding_link.revoke']);
    expect(ofLink.every((entry) => entry.actorKind === 'operator' && entry.actorId === operators.operator)).toBe(true);
    expect(JSON.stringify(ofLink)).not.toContain(tokenOf(link.url));
  });

  it("another platform's record or link is NOT_FOUND, named from either platform, and changes nothing", async () => {
    const link = await as('operator').onboardingLinks.create({ platformId, subMerchantId: recordId });
    const count = await linkCount();
    const other = as('otherAdmin');
    // Each attempt runs on its own, after the one before has answered. Their own platform, our record and link.
    for (const attempt of [
      () => other.onboardingLinks.list({ platformId: otherPlatformId, subMerchantId: recordId }),
      () => other.onboardingLinks.create({ platformId: otherPlatformId, subMerchantId: recordId }),
      () => other.onboardingLinks.revoke({ platformId: otherPlatformId, subMerchantId: recordId, linkId: link.id }),
      () =>
        other.onboardingLinks.revoke({ platformId: otherPlatformId, subMerchantId: otherRecordId, linkId: link.id }),
      // Our platform named by someone who is not a member of it.
      () => other.onboardingLinks.list({ platformId, subMerchantId: recordId }),
      () => other.onboardingLinks.create({ platformId, subMerchantId: recordId }),
      () => other.onboardingLinks.revoke({ platformId, subMerchantId: recordId, linkId: link.id }),
      // Our operator naming their record through our platform.
      () => as('operator').onboardingLinks.list({ platformId, subMerchantId: otherRecordId }),
      () => as('operator').onboardingLinks.create({ platformId, subMerchantId: otherRecordId }),
    ]) {
      expect(await attempt().then(() => 'answered', failure)).toBe('NOT_FOUND');
    }
    expect(await linkCount()).toBe(count);
    const listed = await as('operator').onboardingLinks.list({ platformId, subMerchantId: recordId });
    expect(listed.data.find((l) => l.id === link.id)?.status).toBe('active');
  });

  it('refuses an expiry out of bounds, a bad URL and unknown fields with BAD_REQUEST, writing nothing', async () => {
    const count = await linkCount();
    const refused = async (input: Record<string, unknown>) =>
      as('operator')
        .onboardingLinks.create({ platformId, subMerchantId: recordId, ...input } as never)
        .then(() => 'answered', failure);
    expect(await refused({ expiresIn: 299 })).toBe('BAD_REQUEST');
    expect(await refused({ expiresIn: 604_801 })).toBe('BAD_REQUEST');
    expect(await refused({ returnUrl: 'javascript:alert(1)' })).toBe('BAD_REQUEST');
    expect(await refused({ token: 'mine' })).toBe('BAD_REQUEST');
    expect(await linkCount()).toBe(count);
  });
});
