import { updateSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { defineRoute, json, jsonText } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { readRouteCache } from '@/server/http/read-route-cache';
import { withApiKey } from '@/server/http/with-api-key';
import { getSubMerchant } from '@/server/services/sub-merchants/get-sub-merchant';
import { getSubMerchantRevision } from '@/server/services/sub-merchants/get-sub-merchant-revision';
import { updateSubMerchant } from '@/server/services/sub-merchants/update-sub-merchant';

export const dynamic = 'force-dynamic';

const cachedRecord = readRouteCache(5_000);

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('payments', async (request, ctx) => {
    const id = ctx.params.id!;
    const { etag, revision } = await getSubMerchantRevision(ctx, { id });
    // Integrators poll this every few minutes: an unchanged record costs a 304, no body and no decryption.
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
    const body = await cachedRecord(ctx.db, `${ctx.platformId}\n${id}`, revision, () => getSubMerchant(ctx, { id }));
    return jsonText(body, { headers: { etag, 'cache-control': 'private, no-cache' } });
  }),
  PUT: withApiKey('payments', async (request, ctx) => {
    const updated = await updateSubMerchant(ctx, {
      id: ctx.params.id!,
      body: await parseJsonBody(request, updateSubMerchantBody),
      ifMatch: request.headers.get('if-match'),
    });
    return json(updated);
  }),
});
