import { defineRoute, json } from '@/server/http/define-route';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { listSandboxApplyments, parseSandboxProvider } from '@/sandbox/control-applyments';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withSandboxControl('payments', async (_request, { params, sandbox }) =>
    json({ data: await listSandboxApplyments(sandbox.store, parseSandboxProvider(params.provider!)) }),
  ),
});
