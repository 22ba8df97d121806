import { createOnboardingLinkBody } from '@/schemas/onboarding-link-requests';
import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withApiKey } from '@/server/http/with-api-key';
import { createOnboardingLink } from '@/server/services/onboarding-links/create-onboarding-link';
import { listOnboardingLinks } from '@/server/services/onboarding-links/list-onboarding-links';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('payments', async (_request, ctx) =>
    json(await listOnboardingLinks(ctx, { subMerchantId: ctx.params.id! })),
  ),
  POST: withApiKey('payments', async (request, ctx) => {
    const body = await parseJsonBody(request, createOnboardingLinkBody);
    return json(await createOnboardingLink(ctx, { ...body, subMerchantId: ctx.params.id! }), { status: 201 });
  }),
});
