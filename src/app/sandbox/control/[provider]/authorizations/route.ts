import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { parseSandboxProvider } from '@/sandbox/control-applyments';
import { grantAsSeller, grantSchema } from '@/sandbox/control/mini-program-control';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: withSandboxControl('miniprogram', async (request, { platformId, params, sandbox }) =>
    json(
      await grantAsSeller(
        sandbox,
        platformId,
        parseSandboxProvider(params.provider!),
        await parseJsonBody(request, grantSchema),
      ),
    ),
  ),
});
