import type { z } from 'zod';
import type { FieldError } from '@/server/errors';

/** zod issues → problem+json `errors[]` with JSON pointers under the given root ("/body", "/query"). */
export function zodIssuesToFieldErrors(issues: z.core.$ZodIssue[], root = ''): FieldError[] {
  return issues.map((issue) => {
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
    return {
      pointer: `${root}/${path.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`.replace(/\/$/, '') || '/',
      code: issue.code === 'invalid_type' && issue.input === undefined ? 'required' : issue.code,
      message: issue.message,
    };
  });
}
