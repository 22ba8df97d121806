import { updateSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { defineRoute, json, jsonText } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withApiKey } from '@/server/http/with-api-key';
import { getSubMerchant } from '@/server/services/sub-merchants/get-sub-merchant';
import { updateSubMerchant } from '@/server/services/sub-merchants/update-sub-merchant';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('payments', async (request, ctx) => {
    const { json, utf8, etag } = await getSubMerchant(ctx, ctx.params.id!);
    // Integrators poll this every few minutes: an unchanged record costs a 304 and no body.
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
    return jsonText(utf8 ?? json, { headers: { etag, 'cache-control': 'private, no-cache' } });
  }),
  PUT: withApiKey('payments', async (request, ctx) => {
    const updated = await updateSubMerchant(
      ctx,
      ctx.params.id!,
      await parseJsonBody(request, updateSubMerchantBody),
      request.headers.get('if-match'),
    );
    return json(updated);
  }),
});
