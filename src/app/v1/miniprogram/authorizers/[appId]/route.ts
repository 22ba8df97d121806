import { defineRoute, json } from '@/server/http/define-route';
import { withApiKey } from '@/server/http/with-api-key';
import { deleteAuthorizer } from '@/server/services/mini-programs/delete-authorizer';
import { getAuthorizer } from '@/server/services/mini-programs/get-authorizer';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('miniprogram', async (_request, ctx) => json(await getAuthorizer(ctx, { appId: ctx.params.appId! }))),
  DELETE: withApiKey('miniprogram', async (_request, ctx) => {
    await deleteAuthorizer(ctx, { appId: ctx.params.appId! });
    return new Response(null, { status: 204 });
  }),
});
