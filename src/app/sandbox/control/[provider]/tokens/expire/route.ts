import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { parseSandboxProvider } from '@/sandbox/control-applyments';
import { expireAsUpstream, expireSchema } from '@/sandbox/control/mini-program-control';

export const dynamic = 'force-dynamic';

/** Expires the platform's authorizer tokens upstream; without an app id, the instance-wide component token too. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: withSandboxControl('miniprogram', async (request, { params, sandbox }) =>
    json(
      await expireAsUpstream(
        sandbox.store,
        parseSandboxProvider(params.provider!),
        await parseJsonBody(request, expireSchema),
      ),
    ),
  ),
});
