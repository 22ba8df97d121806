import { revokeOnboardingLinkBody } from '@/schemas/onboarding-link-requests';
import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withApiKey } from '@/server/http/with-api-key';
import { revokeOnboardingLink } from '@/server/services/onboarding-links/revoke-onboarding-link';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: withApiKey('payments', async (request, ctx) => {
    await parseJsonBody(request, revokeOnboardingLinkBody);
    return json(await revokeOnboardingLink(ctx, { subMerchantId: ctx.params.id!, linkId: ctx.params.linkId! }));
  }),
});
