/**
 * Request parsing for /v1 and /admin: content type, size limit (413, also for lying or absent
 * Content-Length), malformed JSON and schema failures all become 4xx problems, never 500s.
 */
import type { z } from 'zod';
import { getEnv } from '@/env';
import { textFault, type TextFault } from '@/schemas/input-text';
import { AppError } from '@/server/errors';
import { zodIssuesToFieldErrors } from '../zod-errors';

/** The declared Content-Length: undefined when absent, 400 when it is not one whole number of bytes. */
export function declaredBodyLength(request: Request): number | undefined {
  const header = request.headers.get('content-length');
  if (header === null) return undefined;
  if (!/^\d{1,15}$/.test(header.trim()))
    throw new AppError('invalid_request', 'Content-Length must be one whole number of bytes.');
  return Number(header);
}

export async function readBodyBytes(request: Request, limitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = declaredBodyLength(request);
  const tooLarge = () =>
    new AppError('payload_too_large', `The request body exceeds the limit of ${limitBytes} bytes.`);
  if (declared !== undefined && declared > limitBytes) throw tooLarge();
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

// application/json or a +json type, once, optionally declared UTF-8 (the only encoding JSON bodies may use).
const JSON_CONTENT_TYPE = /^application\/([\w.+-]+\+)?json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!JSON_CONTENT_TYPE.test(contentType)) {
    throw new AppError(
      'unsupported_media_type',
      'Send the body as application/json (UTF-8), with one Content-Type header.',
    );
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
  const fault = textFaultAt(json, '');
  if (fault) throw textFaultError(fault);
  return validate(schema, json, '');
}

export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const params = new URL(request.url).searchParams;
  // A Map, not an object: "constructor" would already be `in` one, and assigning "__proto__" would be dropped.
  const query = new Map<string, string>();
  for (const [key, value] of params) {
    if (query.has(key)) throw new AppError('invalid_request', `Query parameter "${key}" is given more than once.`);
    const fault = textFault(key) ?? textFault(value);
    if (fault) throw textFaultError({ pointer: `/query/${key}`, fault });
    query.set(key, value);
  }
  return validate(schema, Object.fromEntries(query), '/query');
}

/**
 * `parseQuery` for a route polled with the same query strings over and over (a list and its pages): the parsed
 * value of each query string is kept, so the schema runs once per query string rather than once per request
 * (zod was ≈ 2 % of a list read's CPU, docs/benchmarks.md). Only refusals are not kept; they throw as parseQuery
 * does. At most `maxEntries` query strings, the one stored longest ago dropped first. The value is frozen: every
 * request with that query string gets the same object.
 */
export function memoizedQueryParser<T extends z.ZodType>(schema: T, maxEntries = 1000) {
  const parsed = new Map<string, Readonly<z.infer<T>>>();
  return (request: Request): Readonly<z.infer<T>> => {
    const { url } = request;
    const at = url.indexOf('?');
    const search = at < 0 ? '' : url.slice(at);
    const hit = parsed.get(search);
    if (hit !== undefined) return hit;
    const value = Object.freeze(parseQuery(request, schema));
    if (parsed.size >= maxEntries) parsed.delete(parsed.keys().next().value!);
    parsed.set(search, value);
    return value;
  };
}

export function validate<T extends z.ZodType>(schema: T, value: unknown, root: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('invalid_request', 'The request does not match the expected schema.', {
    errors: zodIssuesToFieldErrors(result.error.issues, root),
  });
}

/**
 * Where the first string (key or value) with a control character or a lone surrogate sits, as a JSON pointer, and
 * which; iterative for deep bodies.
 */
export function textFaultAt(value: unknown, root: string): { pointer: string; fault: TextFault } | undefined {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length) {
    const [item, pointer] = pending.pop()!;
    if (typeof item === 'string') {
      const fault = textFault(item);
      if (fault) return { pointer: pointer || '/', fault };
    }
    if (item === null || typeof item !== 'object') continue;
    for (const [key, child] of Object.entries(item)) {
      const childPointer = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const fault = textFault(key);
      if (fault) return { pointer: childPointer, fault };
      pending.push([child, childPointer]);
    }
  }
  return undefined;
}

const textFaultWords: Record<TextFault, { detail: string; message: string }> = {
  control_character: {
    detail: 'Text may not contain control characters (other than tab and line breaks).',
    message: 'Remove control characters such as NUL from this value.',
  },
  ill_formed_unicode: {
    detail: 'Text must be well-formed Unicode: a lone surrogate (such as \\ud800) is not a character.',
    message: 'Remove the unpaired surrogate from this value.',
  },
};

export const textFaultError = ({ pointer, fault }: { pointer: string; fault: TextFault }) =>
  new AppError('invalid_request', textFaultWords[fault].detail, {
    errors: [{ pointer, code: fault, message: textFaultWords[fault].message }],
  });
