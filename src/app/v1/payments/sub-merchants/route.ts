import { createSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { defineRoute, json, jsonText } from '@/server/http/define-route';
import { parseJsonBody, parseQuery } from '@/server/http/parse-request';
import { withApiKey } from '@/server/http/with-api-key';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { listSubMerchantsPage, listSubMerchantsQuery } from '@/server/services/sub-merchants/list-sub-merchants';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('payments', async (request, ctx) => {
    const page = await listSubMerchantsPage(ctx, parseQuery(request, listSubMerchantsQuery));
    return jsonText(page.utf8 ?? page.json);
  }),
  POST: withApiKey('payments', async (request, ctx) => {
    const { created, record } = await createSubMerchant(ctx, await parseJsonBody(request, createSubMerchantBody));
    return json(record, { status: created ? 201 : 200 });
  }),
});
