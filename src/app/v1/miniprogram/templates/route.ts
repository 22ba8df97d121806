import { templatesQuery } from '@/schemas/mini-program-requests';
import { defineRoute, json } from '@/server/http/define-route';
import { parseQuery } from '@/server/http/parse-request';
import { withApiKey } from '@/server/http/with-api-key';
import { listTemplates } from '@/server/services/mini-programs/list-templates';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('miniprogram', async (request, ctx) =>
    json(await listTemplates(ctx, parseQuery(request, templatesQuery))),
  ),
});
