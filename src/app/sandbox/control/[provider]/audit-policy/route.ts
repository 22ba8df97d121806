import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { parseSandboxProvider } from '@/sandbox/control-applyments';
import { auditPolicySchema, readAuditPolicyAsControl, setAuditPolicy } from '@/sandbox/control/audit-policy-control';

export const dynamic = 'force-dynamic';

/** The platform's sandbox reviewers for one provider: audit quota, automatic duration, rejection rate. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withSandboxControl('miniprogram', async (_request, { params, sandbox }) =>
    json(await readAuditPolicyAsControl(sandbox, parseSandboxProvider(params.provider!))),
  ),
  PUT: withSandboxControl('miniprogram', async (request, { params, sandbox }) => {
    const provider = parseSandboxProvider(params.provider!);
    return json(await setAuditPolicy(sandbox, provider, await parseJsonBody(request, auditPolicySchema)));
  }),
});
