import { authorizeCallbackQuery } from '@/schemas/mini-program-requests';
import { defineRoute, json } from '@/server/http/define-route';
import { platformParam } from '@/server/http/mini-program-route';
import { parseQuery } from '@/server/http/parse-request';
import { withApiKey } from '@/server/http/with-api-key';
import { completeAuthorization } from '@/server/services/mini-programs/complete-authorization';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('miniprogram', async (request, ctx) => {
    const query = parseQuery(request, authorizeCallbackQuery);
    return json(await completeAuthorization(ctx, { provider: platformParam(ctx), ...query }));
  }),
});
