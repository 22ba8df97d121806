import { z } from 'zod';
import { createSubMerchantBody, submitSubMerchantBody, updateSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { subMerchantSchema } from '@/schemas/sub-merchant';
import type { Operation } from './operations';

const exampleFormData = {
  subjectType: 'SUBJECT_TYPE_ENTERPRISE',
  contactName: '张三',
  contactMobile: '13800138000',
  contactEmail: 'zhangsan@example.com',
  licenseCopy: '<mediaId from POST /v1/payments/media>',
  licenseNumber: '91350100M000100Y43',
  merchantName: '福州示例科技有限公司',
  legalPerson: '张三',
  salesScene: ['SALES_SCENES_STORE'],
};

const etagHeader = {
  description: "The record's version (a weak validator): send it in If-None-Match on GET or If-Match on PUT.",
};

const submitted = subMerchantSchema
  .extend({ replayed: z.boolean().describe('true when a review was already under way or finished') })
  .meta({ id: 'SubmittedSubMerchant' });

/** The payments area's record operations (the list is in operations.ts). */
export const subMerchantOperations: Operation[] = [
  {
    method: 'post',
    path: '/v1/payments/sub-merchants',
    operationId: 'createSubMerchant',
    summary: 'Create a sub-merchant (idempotent)',
    description:
      'One record exists per (platform, distributorExternalUserId or none, provider). Creating it again returns the existing record unchanged with 200.',
    tag: 'Sub-merchants',
    serviceCode: 'payments',
    auth: 'apiKey',
    body: createSubMerchantBody,
    bodyExample: {
      distributorExternalUserId: 'seller-1024',
      provider: 'providerA',
      commissionRate: 0.6,
      formData: exampleFormData,
    },
    responses: {
      201: { description: 'Created.', schema: subMerchantSchema },
      200: { description: 'It already existed; returned unchanged.', schema: subMerchantSchema },
    },
    errors: [400, 401, 403, 413, 415],
  },
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
