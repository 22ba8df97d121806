/** Request bodies of onboarding links (issue 30): REST, tRPC and the console share them. */
import { z } from 'zod';

/** Seconds a link may stay open: at least 5 minutes, at most 7 days (default 24 hours, a link meant to be sent). */
export const ONBOARDING_LINK_MIN_SECONDS = 300;
export const ONBOARDING_LINK_MAX_SECONDS = 604_800;
export const ONBOARDING_LINK_DEFAULT_SECONDS = 86_400;

export const onboardingLinkIncludes = ['miniprogram_authorization'] as const;

export const createOnboardingLinkBody = z
  .object({
    returnUrl: z
      .string()
      .max(2048)
      .optional()
      .describe('Where the seller goes when done (https; http only for localhost in sandbox mode).'),
    refreshUrl: z
      .string()
      .max(2048)
      .optional()
      .describe('Where a seller opening an expired, used or revoked link is sent, to get a fresh link from you.'),
    expiresIn: z
      .number()
      .int()
      .min(ONBOARDING_LINK_MIN_SECONDS)
      .max(ONBOARDING_LINK_MAX_SECONDS)
      .optional()
      .describe('Seconds until the link expires (300 to 604800, default 86400).'),
    include: z
      .array(z.enum(onboardingLinkIncludes))
      .max(onboardingLinkIncludes.length)
      .optional()
      .describe('Extra steps of the journey: miniprogram_authorization ends it with the mini-program authorization.'),
  })
  .strict();
export type CreateOnboardingLinkBody = z.infer<typeof createOnboardingLinkBody>;

/** Revoking takes no options; an empty JSON object, so a garbled body is refused instead of ignored. */
export const revokeOnboardingLinkBody = z.object({}).strict();
