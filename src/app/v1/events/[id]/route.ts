import { defineRoute, jsonText } from '@/server/http/define-route';
import { withApiKeyAnyService } from '@/server/http/with-api-key-any-service';
import { getEvent } from '@/server/services/events/get-event';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKeyAnyService(async (_request, ctx, area) => jsonText(await getEvent(ctx, { area, id: ctx.params.id! }))),
});
