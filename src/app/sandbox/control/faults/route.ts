import { z } from 'zod';
import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { faultSchema, listFaults, setFaults } from '@/sandbox/faults';
import { sandboxContext } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async () => json({ faults: await listFaults(sandboxContext().store) }),
  PUT: async (request) => {
    const faults = await parseJsonBody(request, z.array(faultSchema).max(50));
    await setFaults(sandboxContext().store, faults);
    return json({ faults });
  },
  DELETE: async () => {
    await setFaults(sandboxContext().store, []);
    return new Response(null, { status: 204 });
  },
});
