/**
 * Every /v1 and /admin operation, described with the same zod schemas that validate its requests. Areas add
 * their operations to this list; the document and the reference page are generated from it.
 */
import { z } from 'zod';
import { listOf, subMerchantSchema } from '@/schemas/sub-merchant';
import { listSubMerchantsQuery } from '@/server/services/sub-merchants/list-sub-merchants';
import { eventOperations } from './event-operations';
import { mediaOperations } from './media-operations';
import { miniProgramOperations } from './mini-program-operations';
import { referenceOperations } from './reference-operations';
import { subMerchantOperations } from './sub-merchant-operations';

export type Operation = {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: 'Sub-merchants' | 'Media' | 'Mini programs' | 'Events' | 'Meta';
  serviceCode?: 'payments' | 'miniprogram';
  /** Further X-Service-Code values the operation answers to (areas sharing an endpoint, e.g. events). */
  otherServiceCodes?: ('payments' | 'miniprogram')[];
  auth: 'apiKey' | 'apiKeyOrSession' | 'none';
  query?: z.ZodObject;
  /** Optional request headers beyond X-Service-Code and Idempotency-Key (conditional requests). */
  headers?: { name: string; description: string }[];
  /** Schemas of path parameters that are not free text (e.g. `{platform}`: providerA | providerB). */
  pathParams?: Record<string, z.ZodType>;
  body?: z.ZodType;
  bodyExample?: unknown;
  /** A multipart/form-data body instead of JSON: JSON Schema properties of the parts (files as contentMediaType). */
  multipart?: {
    properties: Record<string, Record<string, unknown>>;
    required: string[];
    encoding?: Record<string, { contentType: string }>;
  };
  /** `binary`: media types of a non-JSON response body (e.g. an image). */
  responses: Record<
    number,
    { description: string; schema?: z.ZodType; binary?: string[]; headers?: Record<string, { description: string }> }
  >;
  errors: number[];
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
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This API description (OpenAPI 3.1)',
    tag: 'Meta',
    auth: 'none',
    responses: {
      200: {
        description: 'The OpenAPI 3.1 document.',
        // The outline only: what a client reads to find an operation (its full grammar is the OpenAPI 3.1 schema).
        schema: z.looseObject({
          openapi: z.string(),
          info: z.looseObject({ title: z.string(), version: z.string() }),
          paths: z.record(z.string(), z.record(z.string(), z.unknown())),
        }),
      },
    },
    errors: [],
  },
  ...subMerchantOperations,
  ...mediaOperations,
  ...referenceOperations,
  ...miniProgramOperations,
  ...eventOperations,
];
