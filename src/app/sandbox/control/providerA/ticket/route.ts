import { defineRoute, json } from '@/server/http/define-route';
import { pushVerifyTicket } from '@/sandbox/mini-program-control';
import { sandboxContext } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** Pushes a component_verify_ticket now (the sandbox also does it every ten minutes). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async () => json({ delivered: await pushVerifyTicket(sandboxContext().store) }),
});
