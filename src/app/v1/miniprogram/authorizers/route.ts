import { defineRoute, json } from '@/server/http/define-route';
import { withApiKey } from '@/server/http/with-api-key';
import { listAuthorizers } from '@/server/services/mini-programs/list-authorizers';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('miniprogram', async (_request, ctx) => json(await listAuthorizers(ctx))),
});
