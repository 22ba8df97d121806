/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { z } from 'zod';
import { workQueueExportQuery } from '@/schemas/work-queue-requests';
import type { Operation } from '@/server/openapi/operation';

// The export's query as documentation: the route parses it with workQueueExportQuery (ids split on commas).
const exportQuery = workQueueExportQuery.extend({
  ids: z.string().max(6500).optional().describe('Comma-separated sub-merchant ids (at most 100): export these only.'),
});

export const operations: Operation[] = [
  {
    method: 'get',
    path: '/admin/payment-onboardings/{tenantId}/sub-merchants/export',
    operationId: 'exportSubMerchants',
    summary: 'Export sub-merchants as CSV (console or API key)',
    description:
      "The console work queue's current view as CSV, streamed: `tab` (action: drafts and rejections; merchant: to confirm or sign; review; active; all), `q` (name substring, or exactly a licence number, distributor id, applyment id or sub-merchant id), `sort` and `direction`; or only the records in `ids`. One header line, then one line per record; personal fields (contact name and mobile) masked as in every response. `mine=1` (a console session only) limits it to the records assigned to the signed-in operator. `seller=1` limits it to the records whose seller submitted the hosted form and that wait for an operator's review. Accepts an API key of the platform `tenantId` with the payments service (no X-Service-Code, as on every /admin route) or a console session with the viewer role on it; another platform is 404.",
    tag: 'Sub-merchants',
    auth: 'apiKeyOrSession',
    query: exportQuery,
    responses: { 200: { description: 'The CSV file (UTF-8 with a byte order mark).', binary: ['text/csv'] } },
    errors: [400, 401, 403, 404],
  },
];
