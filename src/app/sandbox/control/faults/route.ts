import { z } from 'zod';
import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { faultSchema, listFaults, setFaults } from '@/sandbox/faults';

export const dynamic = 'force-dynamic';

/** The calling platform's injected faults: they act only on requests arriving on its own namespace. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withSandboxControl('any', async (_request, { sandbox }) => json({ faults: await listFaults(sandbox.store) })),
  PUT: withSandboxControl('any', async (request, { sandbox }) => {
    const faults = await parseJsonBody(request, z.array(faultSchema).max(50));
    await setFaults(sandbox.store, faults);
    return json({ faults });
  }),
  DELETE: withSandboxControl('any', async (_request, { sandbox }) => {
    await setFaults(sandbox.store, []);
    return new Response(null, { status: 204 });
  }),
});
