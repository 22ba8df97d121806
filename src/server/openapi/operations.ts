/**
 * Every /v1 and /admin operation, described with the same zod schemas that validate its requests. Areas add
 * their operations to this list; the document and the reference page are generated from it.
 */
import type { z } from 'zod';
import { listOf, subMerchantSchema } from '@/schemas/sub-merchant';
import { listSubMerchantsQuery } from '@/server/services/sub-merchants/list-sub-merchants';

export type Operation = {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: 'Sub-merchants' | 'Media' | 'Mini programs' | 'Meta';
  serviceCode?: 'payments' | 'miniprogram';
  auth: 'apiKey' | 'apiKeyOrSession' | 'none';
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyExample?: unknown;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  errors: number[];
};

export const operations: Operation[] = [
  {
    method: 'get',
    path: '/v1/payments/sub-merchants',
    operationId: 'listSubMerchants',
    summary: 'List sub-merchants',
    description: "The calling platform's sub-merchants, newest first. Follow `nextCursor` while `hasMore` is true.",
    tag: 'Sub-merchants',
    serviceCode: 'payments',
    auth: 'apiKey',
    query: listSubMerchantsQuery,
    responses: { 200: { description: 'A page of sub-merchants.', schema: listOf(subMerchantSchema, 'SubMerchantList') } },
    errors: [400, 401, 403],
  },
  {
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This API description (OpenAPI 3.1)',
    tag: 'Meta',
    auth: 'none',
    responses: { 200: { description: 'The OpenAPI 3.1 document.' } },
    errors: [],
  },
];
