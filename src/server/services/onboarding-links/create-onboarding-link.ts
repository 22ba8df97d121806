import { publicBaseUrl } from '@/server/config/secrets';
import { onboardingLinks } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { ONBOARDING_LINK_DEFAULT_SECONDS, type CreateOnboardingLinkBody } from '@/schemas/onboarding-link-requests';
import type { PlatformContext } from '../context';
import { recordAudit } from '../audit/record-audit';
import { validateRedirectUri } from '../mini-programs/validate-redirect-uri';
import { findSubMerchant } from '../sub-merchants/find-sub-merchant';
import { hashToken, newSecretToken } from './link-token';
import { onboardingLinkDto } from './onboarding-link-dto';

/** The seller's entry point; the token is the whole credential, so it is part of the path and nothing else. */
export const onboardingLinkPath = (token: string) => `/onboard/${token}`;

/**
 * Mints a hosted onboarding link for one of the platform's records (another platform's record: 404). The token is
 * answered once, in `url`; only its SHA-256 is stored.
 */
export async function createOnboardingLink(
  ctx: PlatformContext,
  input: CreateOnboardingLinkBody & { subMerchantId: string; now?: Date },
) {
  // URLs first: a bad one refuses the request before anything is looked up or written.
  const returnUrl = input.returnUrl ? validateRedirectUri(input.returnUrl, undefined, 'returnUrl').toString() : null;
  const refreshUrl = input.refreshUrl
    ? validateRedirectUri(input.refreshUrl, undefined, 'refreshUrl').toString()
    : null;
  const record = await findSubMerchant(ctx, { id: input.subMerchantId });
  const now = input.now ?? new Date();
  const token = newSecretToken();
  // The link opens the record's form to whoever holds it: the platform's audit log says who handed one out.
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(onboardingLinks)
      .values({
        id: newId('obl'),
        platformId: ctx.platformId,
        subMerchantId: record.id,
        tokenHash: hashToken(token),
        returnUrl,
        refreshUrl,
        include: [...new Set(input.include ?? [])],
        createdBy: ctx.actor,
        expiresAt: new Date(now.getTime() + (input.expiresIn ?? ONBOARDING_LINK_DEFAULT_SECONDS) * 1000),
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'onboarding_link.create',
      target: { type: 'sub_merchant', id: record.id },
      details: { linkId: inserted!.id, expiresAt: inserted!.expiresAt.toISOString() },
    });
    return inserted;
  });
  return { ...onboardingLinkDto(row!, now), url: `${publicBaseUrl()}${onboardingLinkPath(token)}` };
}
