import { z } from 'zod';

/**
 * An optional request field as a form edits it: the text box holds '' when nothing is typed, which the request
 * leaves out; anything typed is checked by the request's own rule for that field.
 */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.union([
    z
      .string()
      .trim()
      .length(0)
      .transform(() => undefined),
    schema,
  ]);
