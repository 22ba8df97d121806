import { z } from 'zod';
import { createOnboardingLinkBody } from '@/schemas/onboarding-link-requests';
import { createOnboardingLink } from '@/server/services/onboarding-links/create-onboarding-link';
import { listOnboardingLinks } from '@/server/services/onboarding-links/list-onboarding-links';
import { revokeOnboardingLink } from '@/server/services/onboarding-links/revoke-onboarding-link';
import { platformProcedure, platformRequest, router, withoutPlatformId } from '../init';

const ofRecord = { subMerchantId: z.string().min(1).max(64) };

/**
 * The console's "Send to seller": the services behind /v1/payments/sub-merchants/{id}/onboarding-links. Viewers see
 * a record's links; minting and revoking one hands out or takes back access to the record's form (operators).
 */
export const onboardingLinksRouter = router({
  list: platformProcedure('viewer')
    .input(z.object(ofRecord))
    .query(({ ctx, input }) => listOnboardingLinks(ctx, { subMerchantId: input.subMerchantId })),
  create: platformProcedure('operator')
    .input(platformRequest(createOnboardingLinkBody, ofRecord))
    .mutation(({ ctx, input }) => createOnboardingLink(ctx, withoutPlatformId(input))),
  revoke: platformProcedure('operator')
    .input(z.object({ ...ofRecord, linkId: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) =>
      revokeOnboardingLink(ctx, { subMerchantId: input.subMerchantId, linkId: input.linkId }),
    ),
});
