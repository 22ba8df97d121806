import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { parseSandboxProvider } from '@/sandbox/control-applyments';
import { decideAsReviewer, auditDecisionSchema } from '@/sandbox/control/mini-program-control';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: withSandboxControl('miniprogram', async (request, { params, sandbox }) =>
    json(
      await decideAsReviewer(
        sandbox,
        parseSandboxProvider(params.provider!),
        params.auditId!,
        await parseJsonBody(request, auditDecisionSchema),
      ),
    ),
  ),
});
