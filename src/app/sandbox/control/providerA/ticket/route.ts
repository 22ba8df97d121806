import { defineRoute, json } from '@/server/http/define-route';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { pushVerifyTicket } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** Pushes a component_verify_ticket of the platform's own component now (the sandbox also does it every ten minutes). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: withSandboxControl('miniprogram', async (_request, { sandbox }) =>
    json({ delivered: await pushVerifyTicket(sandbox) }),
  ),
});
