import { z } from 'zod';
import {
  idempotencyErrors,
  idempotencyErrorText,
  idempotencyKeyParameter,
  idempotencyResponseHeaders,
  takesIdempotencyKey,
} from './idempotency-parameter';
import { problemSchema } from './problem-schema';
import type { Operation } from './operation';

const errorText: Record<number, string> = {
  400: 'Invalid request, or X-Service-Code missing / not matching this endpoint.',
  401: 'Missing, invalid or revoked API key.',
  403: 'The API key may not use this service.',
  404: 'Not found (also for records of another platform).',
  409: 'The record is in a state that does not allow this.',
  413: 'Body too large.',
  415: 'Unsupported content type.',
  422: 'Validation against the upstream rules failed.',
  429: 'Rate limited; see Retry-After.',
  502: 'Upstream provider unavailable; safe to retry.',
  503: 'Busy (image decoding full); retry after Retry-After.',
  504: 'Upstream provider timed out; safe to retry.',
};

type JsonSchema = Record<string, unknown>;

/**
 * Every API-key operation spends a token of the key's bucket (src/server/http/api-rate-limit.ts): its answers
 * carry the draft-ietf-httpapi-ratelimit-headers fields, and any of them can be a 429.
 */
const retryAfter = { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } };
const rateLimited = (op: Operation) => op.auth === 'apiKey';
const rateLimitHeaders = {
  'RateLimit-Policy': {
    description: 'The key\'s quota: `"default";q=<burst>;w=1` (tokens, refilled every second).',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'What is left of it: `"default";r=<remaining>;t=<seconds until a token is back>`.',
    schema: { type: 'string' },
  },
};

/** Converts with zod's own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1), collecting ids. */
function toSchema(schema: z.ZodType, components: Record<string, JsonSchema>, io: 'input' | 'output'): JsonSchema {
  const raw = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' });
  // Nested schemas with an id come out as $defs; in OpenAPI they live under components.
  const json = JSON.parse(JSON.stringify(raw).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  for (const [id, def] of Object.entries(defs)) components[id] = def;
  delete json.$defs;
  delete json.$schema;
  const meta = z.globalRegistry.get(schema) as { id?: string } | undefined;
  if (meta?.id) {
    // zod emits a schema with an id as a $ref to its own $defs entry (stored above); keep the definition.
    if (json.$ref !== `#/components/schemas/${meta.id}`) components[meta.id] = json;
    return { $ref: `#/components/schemas/${meta.id}` };
  }
  return json;
}

function operationObject(op: Operation, components: Record<string, JsonSchema>) {
  const parameters: JsonSchema[] = [];
  if (op.serviceCode) {
    parameters.push({
      name: 'X-Service-Code',
      in: 'header',
      required: true,
      schema: { type: 'string', enum: [op.serviceCode, ...(op.otherServiceCodes ?? [])] },
    });
  }
  if (takesIdempotencyKey(op)) parameters.push(idempotencyKeyParameter);
  for (const { name, description } of op.headers ?? []) {
    parameters.push({ name, in: 'header', required: false, description, schema: { type: 'string' } });
  }
  for (const match of op.path.match(/\{(\w+)\}/g) ?? []) {
    const name = match.slice(1, -1);
    const schema = op.pathParams?.[name] ? toSchema(op.pathParams[name], components, 'input') : { type: 'string' };
    parameters.push({ name, in: 'path', required: true, schema });
  }
  if (op.query) {
    const query = toSchema(op.query, components, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(op.responses)) {
    const schema = response.schema ? toSchema(response.schema, components, 'output') : undefined;
    const content = schema
      ? { 'application/json': { schema } }
      : response.binary &&
        Object.fromEntries(
          response.binary.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
        );
    const replayable = takesIdempotencyKey(op) && Number(status) < 300;
    const headers = {
      ...(replayable ? idempotencyResponseHeaders : {}),
      ...(rateLimited(op) && Number(status) < 400 ? rateLimitHeaders : {}),
      ...Object.fromEntries(
        Object.entries(response.headers ?? {}).map(([name, { description }]) => [
          name,
          { description, schema: { type: 'string' } },
        ]),
      ),
    };
    responses[status] = {
      description: response.description,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(content ? { content } : {}),
    };
  }
  const idempotent = takesIdempotencyKey(op);
  const errors = [
    ...new Set([...op.errors, ...(idempotent ? idempotencyErrors : []), ...(rateLimited(op) ? [429] : [])]),
  ].sort();
  for (const status of errors) {
    responses[status] = {
      description: (errorText[status] ?? 'Error') + (idempotent ? (idempotencyErrorText[status] ?? '') : ''),
      ...(status === 429 && rateLimited(op) ? { headers: { ...rateLimitHeaders, 'Retry-After': retryAfter } } : {}),
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security:
      op.auth === 'none' ? [] : op.auth === 'apiKeyOrSession' ? [{ apiKey: [] }, { session: [] }] : [{ apiKey: [] }],
    parameters,
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: toSchema(op.body, components, 'input'),
                ...(op.bodyExample ? { example: op.bodyExample } : {}),
              },
            },
          },
        }
      : {}),
    ...(op.multipart ? { requestBody: multipartBody(op.multipart) } : {}),
    responses,
  };
}

function multipartBody({ properties, required, encoding }: NonNullable<Operation['multipart']>) {
  const schema = { type: 'object', properties, required };
  return { required: true, content: { 'multipart/form-data': { schema, ...(encoding ? { encoding } : {}) } } };
}

/** The OpenAPI 3.1 document of `operations` (src/app/operations.ts: every route folder's operation.ts). */
export function buildOpenApiDocument(operations: readonly Operation[], serverUrl: string) {
  const components: Record<string, JsonSchema> = {};
  toSchema(problemSchema, components, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = operationObject(op, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sub-merchant onboarding and hosted mini-program API',
      version: '1.0.0',
      description:
        'Onboard your sellers as sub-merchants of upstream payment providers and host their mini programs. ' +
        'Authenticate with `Authorization: Bearer sk_…` and send `X-Service-Code` on every call. Errors are RFC 9457 problem+json.',
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'Sub-merchants' },
      { name: 'Media' },
      { name: 'Mini programs' },
      { name: 'Events' },
      { name: 'Meta' },
    ],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'A platform API key (sk_test_… in sandbox mode, sk_live_… in live mode).',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'next-auth.session-token',
          description: 'An operator signed in to the console.',
        },
      },
    },
  };
}
