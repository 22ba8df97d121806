import type { z } from 'zod';
import { AppError, type FieldError } from '@/server/errors';

type Issue = { code: string; path: PropertyKey[]; message: string; input?: unknown };

const escapePart = (part: PropertyKey) => String(part).replace(/~/g, '~0').replace(/\//g, '~1');

/** zod issues → problem+json `errors[]` with JSON pointers under the given root ("/query"); one per unknown key. */
export function zodIssuesToFieldErrors(issues: z.core.$ZodIssue[], root = ''): FieldError[] {
  const expanded: Issue[] = issues.flatMap((issue): Issue[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ code: issue.code, path: [...issue.path, key], message: `Unknown field "${key}".` }))
      : [issue],
  );
  return expanded.map((issue) => ({
    pointer: `${root}/${issue.path.map(escapePart).join('/')}`.replace(/\/$/, '') || '/',
    code: issue.code === 'invalid_type' && issue.input === undefined ? 'required' : issue.code,
    message: issue.message,
  }));
}

/** Parses `input`, or refuses it as invalid_request naming every bad field (for callers outside HTTP: the CLI). */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = zodIssuesToFieldErrors(parsed.error.issues);
  throw new AppError(
    'invalid_request',
    errors.map((e) => `${e.pointer.slice(1) || 'input'}: ${e.message}`).join('; '),
    {
      errors,
    },
  );
}
