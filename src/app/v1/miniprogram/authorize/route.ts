import { authorizeBody } from '@/schemas/mini-program-requests';
import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withApiKey } from '@/server/http/with-api-key';
import { startAuthorization } from '@/server/services/mini-programs/start-authorization';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: withApiKey('miniprogram', async (request, ctx) =>
    json(await startAuthorization(ctx, await parseJsonBody(request, authorizeBody)), { status: 201 }),
  ),
});
