/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { z } from 'zod';
import { subMerchantSchema } from '@/schemas/sub-merchant';
import { submitSubMerchantBody } from '@/schemas/sub-merchant-requests';
import type { Operation } from '@/server/openapi/operation';

const submitted = subMerchantSchema
  .extend({ replayed: z.boolean().describe('true when a review was already under way or finished') })
  .meta({ id: 'SubmittedSubMerchant' });

export const operations: Operation[] = [
  {
    method: 'post',
    path: '/v1/payments/sub-merchants/{id}/submit',
    operationId: 'submitSubMerchant',
    summary: 'Submit for upstream review (or replay)',
    description:
      'Merges formData, validates every rule (422 form_incomplete lists every problem), then submits upstream. While a review is under way or finished, answers the current upstream state with replayed: true. Safe to retry.',
    tag: 'Sub-merchants',
    serviceCode: 'payments',
    auth: 'apiKey',
    body: submitSubMerchantBody,
    bodyExample: { formData: { contactEmail: 'ops@example.com' } },
    responses: { 200: { description: 'The record after submission.', schema: submitted } },
    errors: [400, 401, 403, 404, 409, 422, 429, 502, 504],
  },
];
