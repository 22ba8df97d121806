import { z } from 'zod';
import { cursorInstant, cursorText } from '@/schemas/pagination';
import { AppError } from '@/server/errors';

/** Opaque keyset cursor over (createdAt desc, id desc): stable under inserts, no OFFSET scans. */
export type Cursor = { createdAt: Date; id: string };

/** Any list's cursor: its keyset values as base64url JSON. Opaque to clients, so only its own shape decodes. */
export const encodeOpaqueCursor = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');

/**
 * Decodes a cursor against the shape its list encodes, or refuses it as 400 naming `pointer`. The shapes are built
 * from cursorInstant and cursorText, so a tampered cursor never reaches PostgreSQL with a year 0, a NUL or a lone
 * surrogate (each of which fails the query).
 */
export function decodeOpaqueCursor<T extends z.ZodType>(value: string, shape: T, pointer: string): z.output<T> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const parsed = shape.safeParse(decoded);
  if (parsed.success) return parsed.data;
  throw new AppError('invalid_request', 'The cursor is not one this list returned.', {
    errors: [{ pointer, code: 'invalid_value', message: 'unknown cursor' }],
  });
}

export { cursorInstant, cursorText };

export const encodeCursor = (c: Cursor) => encodeOpaqueCursor([c.createdAt.toISOString(), c.id]);

/** The usual keyset: a time (as ISO or as PostgreSQL prints it, microseconds kept) and an id. */
export const timeAndIdCursor = z.tuple([cursorInstant, cursorText(64).pipe(z.string().min(1))]);

export function decodeCursor(value: string): Cursor {
  const [createdAt, id] = decodeOpaqueCursor(value, timeAndIdCursor, '/query/cursor');
  return { createdAt: new Date(createdAt), id };
}

export { paginationQuery } from '@/schemas/pagination';

export function pageOf<T extends { createdAt: Date; id: string }>(rows: T[], limit: number) {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
}
