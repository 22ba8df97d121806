/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { z } from 'zod';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
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
];
