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

/**
 * Cursors decoded before, by their text: a client walking a list sends the same few cursors over and over, and the
 * schema check was ≈ 2 % of a page read's CPU (docs/benchmarks.md). Only cursors that decoded are kept (a refusal is
 * checked again each time); at most `decodedCursorLimit`, the one stored longest ago dropped first.
 */
const decodedCursors = new Map<string, { createdAtMs: number; id: string }>();
const decodedCursorLimit = 1000;

export function decodeCursor(value: string): Cursor {
  let decoded = decodedCursors.get(value);
  if (!decoded) {
    const [createdAt, id] = decodeOpaqueCursor(value, timeAndIdCursor, '/query/cursor');
    decoded = { createdAtMs: new Date(createdAt).getTime(), id };
    if (decodedCursors.size >= decodedCursorLimit) decodedCursors.delete(decodedCursors.keys().next().value!);
    decodedCursors.set(value, decoded);
  }
  // A new Date each time: callers may hold or change theirs, the kept value stays as decoded.
  return { createdAt: new Date(decoded.createdAtMs), id: decoded.id };
}

export { paginationQuery } from '@/schemas/pagination';

export function pageOf<T extends { createdAt: Date; id: string }>(rows: T[], limit: number) {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
}
