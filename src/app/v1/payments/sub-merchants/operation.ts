/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { listOf, subMerchantSchema } from '@/schemas/sub-merchant';
import { createSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { listSubMerchantsQuery } from '@/server/services/sub-merchants/list-sub-merchants';
import type { Operation } from '@/server/openapi/operation';

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

export const operations: Operation[] = [
  {
    method: 'get',
    path: '/v1/payments/sub-merchants',
    operationId: 'listSubMerchants',
    summary: 'List sub-merchants',
    description:
      "The calling platform's sub-merchants, newest first. Follow `nextCursor` while `hasMore` is true. With `queue`, `q` or `sort` the page is the console's work queue: a tab (`action` needs action, `merchant` waiting on the merchant, `review` under review, `active` live, `all`), a search by name (substring) or exact licence number, distributor id, applyment id, upstream sub-merchant id or `sm_…` id, and a sort (`updated` newest update first, `name` and `state` A→Z; default `updated`). Its cursor belongs to that sort; `distributor_external_user_id` is then given as `q`.",
    tag: 'Sub-merchants',
    serviceCode: 'payments',
    auth: 'apiKey',
    query: listSubMerchantsQuery,
    responses: {
      200: { description: 'A page of sub-merchants.', schema: listOf(subMerchantSchema, 'SubMerchantList') },
    },
    errors: [400, 401, 403],
  },
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
];
