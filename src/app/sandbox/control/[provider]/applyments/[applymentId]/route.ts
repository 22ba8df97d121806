import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { applymentControlSchema, moveApplyment, parseSandboxProvider } from '@/sandbox/control-applyments';
import { sandboxContext } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** Moves a sandbox application along (decisions §7), as the upstream's reviewers and the merchant would. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request, { params }) => {
    const { provider, applymentId } = (await params) as { provider: string; applymentId: string };
    const change = await parseJsonBody(request, applymentControlSchema);
    return json(await moveApplyment(sandboxContext().store, parseSandboxProvider(provider), applymentId, change));
  },
});
