/** Onboarding links as /v1 answers them (issue 30). */
import { z } from 'zod';
import { onboardingLinkIncludes } from './onboarding-link-requests';

export const onboardingLinkSchema = z
  .object({
    object: z.literal('onboarding_link'),
    id: z.string().describe('obl_…'),
    subMerchantId: z.string(),
    status: z
      .enum(['active', 'used', 'expired', 'revoked'])
      .describe('active: can still open a seller session; used: it opened one; expired; revoked.'),
    returnUrl: z.string().nullable(),
    refreshUrl: z.string().nullable(),
    include: z.array(z.enum(onboardingLinkIncludes)),
    expiresAt: z.iso.datetime(),
    usedAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'OnboardingLink' });

export const createdOnboardingLinkSchema = onboardingLinkSchema
  .extend({
    url: z
      .string()
      .describe(
        'The link to send the seller. Answered only here: the service keeps a hash of its token, not the token.',
      ),
  })
  .meta({ id: 'CreatedOnboardingLink' });
