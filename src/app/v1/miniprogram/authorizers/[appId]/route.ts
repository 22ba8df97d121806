import { defineRoute, json } from '@/server/http/define-route';
import { withApiKey } from '@/server/http/with-api-key';
import { deleteAuthorizer } from '@/server/services/mini-programs/delete-authorizer';
import { getAuthorizer } from '@/server/services/mini-programs/get-authorizer';
import { updateAuthorizer } from '@/server/services/mini-programs/update-authorizer';
import { parseJsonBody } from '@/server/http/parse-request';
import { updateAuthorizerBody } from '@/schemas/mini-program-requests';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('miniprogram', async (_request, ctx) => json(await getAuthorizer(ctx, { appId: ctx.params.appId! }))),
  PATCH: withApiKey('miniprogram', async (request, ctx) =>
    json(
      await updateAuthorizer(ctx, {
        appId: ctx.params.appId!,
        body: await parseJsonBody(request, updateAuthorizerBody),
      }),
    ),
  ),
  DELETE: withApiKey('miniprogram', async (_request, ctx) => {
    await deleteAuthorizer(ctx, { appId: ctx.params.appId! });
    return new Response(null, { status: 204 });
  }),
});
