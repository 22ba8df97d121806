import { z } from 'zod';
import { hasControlCharacters, isWellFormedText } from './input-text';

/** The query fields every cursor-paged list takes. */
export const paginationQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
};

/**
 * The years a filter or cursor may name. PostgreSQL has no year 0 (`0000-01-01` fails the query) and JavaScript's
 * dates end in 275760; nothing this service records lies outside 1900–9999, so a time outside asks for nothing.
 */
const FIRST_YEAR = 1900;
const LAST_YEAR = 9999;
const earliest = Date.UTC(FIRST_YEAR, 0, 1);
const latest = Date.UTC(LAST_YEAR + 1, 0, 1);
const yearsMessage = `Give a time in the years ${FIRST_YEAR}–${LAST_YEAR}.`;

export const isInstantInRange = (instant: string) => {
  const time = Date.parse(instant);
  return time >= earliest && time < latest;
};

/** A time a list filter takes (ISO 8601 with an offset), within the years above. */
export const filterInstant = z.iso.datetime({ offset: true }).refine(isInstantInRange, yearsMessage);

/** A calendar day (YYYY-MM-DD) a list filter takes, within the years above. */
export const filterDay = z.iso
  .date()
  .refine((day) => Number(day.slice(0, 4)) >= FIRST_YEAR && Number(day.slice(0, 4)) <= LAST_YEAR, yearsMessage);

/** A time as a cursor carries it: ISO 8601, or as PostgreSQL prints a timestamptz (`2026-11-28 01:05:21.123456+00`). */
export const cursorInstant = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/)
  .transform((text) => text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))
  .pipe(filterInstant);

/** A text value a cursor carries (an id, a name): what PostgreSQL can compare, no NUL, no lone surrogate. */
export const cursorText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !hasControlCharacters(text) && isWellFormedText(text));
