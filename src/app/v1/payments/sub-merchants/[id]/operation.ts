/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { subMerchantSchema } from '@/schemas/sub-merchant';
import { updateSubMerchantBody } from '@/schemas/sub-merchant-requests';
import type { Operation } from '@/server/openapi/operation';

const etagHeader = {
  description: "The record's version (a weak validator): send it in If-None-Match on GET or If-Match on PUT.",
};

export const operations: Operation[] = [
  {
    method: 'get',
    path: '/v1/payments/sub-merchants/{id}',
    operationId: 'getSubMerchant',
    summary: 'Retrieve a sub-merchant',
    description:
      'Poll every 5–10 minutes; send the ETag back in If-None-Match to get 304 (no body) while the record is unchanged. The ETag changes with the version of the record: every change of its status, formData or metadata, not a new lastSyncedAt alone. The same ETag is accepted in If-Match on PUT. Every answer reflects every write committed before the request arrived, on any instance.',
    tag: 'Sub-merchants',
    serviceCode: 'payments',
    auth: 'apiKey',
    headers: [
      { name: 'If-None-Match', description: 'The ETag of an earlier answer: 304 while the record is unchanged.' },
    ],
    responses: {
      200: {
        description: 'The record (personal data masked).',
        schema: subMerchantSchema,
        headers: { ETag: etagHeader },
      },
      304: { description: 'Not modified since the given ETag.', headers: { ETag: etagHeader } },
    },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'put',
    path: '/v1/payments/sub-merchants/{id}',
    operationId: 'updateSubMerchant',
    summary: 'Update metadata, status or draft formData',
    description:
      'Back-fill chSubMchid (verified against the upstream), move active ↔ suspended, change commissionRate, or save draft formData (merged; null removes a key). Never skips onboarding. Send the ETag from GET in If-Match to make the update conditional: a record written since then answers 409 conflict and changes nothing. A draft keeps values as sent, valid or not (submit checks them). A personal value that still contains the mask character * (copied from a masked response) answers 400 with a masked_value error naming the field; the exact mask of the stored value keeps the stored value.',
    tag: 'Sub-merchants',
    serviceCode: 'payments',
    auth: 'apiKey',
    headers: [
      {
        name: 'If-Match',
        description:
          'The ETag from GET: the update is made only if the record was not written since (else 409 conflict).',
      },
    ],
    body: updateSubMerchantBody,
    bodyExample: { status: 'suspended' },
    responses: { 200: { description: 'The updated record.', schema: subMerchantSchema } },
    errors: [400, 401, 403, 404, 409, 502, 504],
  },
];
