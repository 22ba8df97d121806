/**
 * Request parsing for /v1 and /admin: content type, size limit (413, also for lying or absent
 * Content-Length), malformed JSON and schema failures all become 4xx problems, never 500s.
 */
import type { z } from 'zod';
import { getEnv } from '@/env';
import { AppError } from '@/server/errors';
import { zodIssuesToFieldErrors } from './zod-errors';

export async function readBodyBytes(request: Request, limitBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  const tooLarge = () =>
    new AppError('payload_too_large', `The request body exceeds the limit of ${limitBytes} bytes.`);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new AppError('unsupported_media_type', 'Send the body as application/json.');
  }
  const bytes = await readBodyBytes(request, getEnv().API_BODY_LIMIT_BYTES);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('invalid_request', 'The request body is not valid UTF-8.');
  }
  let json: unknown;
  try {
    json = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new AppError('invalid_request', 'The request body is not valid JSON.');
  }
  return validate(schema, json, '');
}

export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const params = new URL(request.url).searchParams;
  const query: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in query) throw new AppError('invalid_request', `Query parameter "${key}" is given more than once.`);
    query[key] = value;
  }
  return validate(schema, query, '/query');
}

export function validate<T extends z.ZodType>(schema: T, value: unknown, root: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('invalid_request', 'The request does not match the expected schema.', {
    errors: zodIssuesToFieldErrors(result.error.issues, root),
  });
}
