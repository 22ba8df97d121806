import { submitSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withApiKey } from '@/server/http/with-api-key';
import { submitSubMerchant } from '@/server/services/sub-merchants/submit-sub-merchant';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: withApiKey('payments', async (request, ctx) => {
    const body = await parseJsonBody(request, submitSubMerchantBody);
    const { record, replayed } = await submitSubMerchant(ctx, { id: ctx.params.id!, patch: body.formData });
    return json({ ...record, replayed });
  }),
});
