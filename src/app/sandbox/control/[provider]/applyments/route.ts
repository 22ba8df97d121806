import { defineRoute, json } from '@/server/http/define-route';
import { listSandboxApplyments, parseSandboxProvider } from '@/sandbox/control-applyments';
import { sandboxContext } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (_request, { params }) => {
    const { provider } = (await params) as { provider: string };
    return json({ data: await listSandboxApplyments(sandboxContext().store, parseSandboxProvider(provider)) });
  },
});
