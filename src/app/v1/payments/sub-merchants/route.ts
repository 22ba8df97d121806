import { defineRoute, json } from '@/server/http/define-route';
import { parseQuery } from '@/server/http/parse-request';
import { withApiKey } from '@/server/http/with-api-key';
import { listSubMerchants, listSubMerchantsQuery } from '@/server/services/sub-merchants/list-sub-merchants';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('payments', async (request, ctx) => json(await listSubMerchants(ctx, parseQuery(request, listSubMerchantsQuery)))),
});
