import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { applymentControlSchema, moveApplyment, parseSandboxProvider } from '@/sandbox/control-applyments';

export const dynamic = 'force-dynamic';

/** Moves one of the platform's sandbox applications along (docs/product/decisions.md §7), as the upstream's reviewers and the merchant would. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: withSandboxControl('payments', async (request, { params, sandbox }) => {
    const change = await parseJsonBody(request, applymentControlSchema);
    return json(await moveApplyment(sandbox, parseSandboxProvider(params.provider!), params.applymentId!, change));
  }),
});
