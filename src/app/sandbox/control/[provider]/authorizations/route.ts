import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { parseSandboxProvider } from '@/sandbox/control-applyments';
import { grantAsSeller, grantSchema } from '@/sandbox/mini-program-control';
import { sandboxContext } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request, { params }) => {
    const p = (await params) as Record<string, string>;
    return json(await grantAsSeller(sandboxContext().store, parseSandboxProvider(p.provider!), await parseJsonBody(request, grantSchema)));
  },
});
