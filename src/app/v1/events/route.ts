import { defineRoute, json } from '@/server/http/define-route';
import { parseQuery } from '@/server/http/parse-request';
import { withApiKeyAnyService } from '@/server/http/with-api-key-any-service';
import { listEvents, listEventsQuery } from '@/server/services/events/list-events';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKeyAnyService(async (request, ctx, area) =>
    json(await listEvents(ctx, { area, query: parseQuery(request, listEventsQuery) })),
  ),
});
