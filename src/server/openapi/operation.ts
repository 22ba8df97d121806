/**
 * What one /v1 or /admin operation looks like in the OpenAPI document, described with the same zod schemas that
 * validate its requests. Each route folder declares its own in a sibling `operation.ts`; src/app/operations.ts
 * gathers them and build-document.ts turns them into /v1/openapi.json (and so into the typed client).
 */
import type { z } from 'zod';

export type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
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
