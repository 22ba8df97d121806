import { createSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { defineRoute, json, jsonText } from '@/server/http/define-route';
import { memoizedQueryParser, parseJsonBody } from '@/server/http/parse-request';
import { readRouteCache } from '@/server/http/read-route-cache';
import { withApiKey } from '@/server/http/with-api-key';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { listSubMerchantRevisions } from '@/server/services/sub-merchants/list-sub-merchant-revisions';
import {
  isWorkQueueView,
  listSubMerchants,
  listSubMerchantsQuery,
} from '@/server/services/sub-merchants/list-sub-merchants';

export const dynamic = 'force-dynamic';

// Pages are larger than records (up to 100 of them) and fewer are polled: a smaller bound.
const cachedPage = readRouteCache(200);
const parseListQuery = memoizedQueryParser(listSubMerchantsQuery);

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('payments', async (request, ctx) => {
    const query = parseListQuery(request);
    // A work-queue view (queue, q or sort) is read each time: its revision would be the page's own query.
    if (isWorkQueueView(query)) return json(await listSubMerchants(ctx, query));
    const key = JSON.stringify([ctx.platformId, query.distributor_external_user_id, query.cursor, query.limit]);
    const revision = await listSubMerchantRevisions(ctx, query);
    return jsonText(await cachedPage(ctx.db, key, revision, () => listSubMerchants(ctx, query)));
  }),
  POST: withApiKey('payments', async (request, ctx) => {
    const { created, record } = await createSubMerchant(ctx, await parseJsonBody(request, createSubMerchantBody));
    return json(record, { status: created ? 201 : 200 });
  }),
});
