import { z } from 'zod';
import { AppError } from '@/server/errors';

/** Opaque keyset cursor over (createdAt desc, id desc): stable under inserts, no OFFSET scans. */
export type Cursor = { createdAt: Date; id: string };

export const encodeCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id])).toString('base64url');

const cursorShape = z.tuple([z.iso.datetime(), z.string().min(1).max(64)]);

export function decodeCursor(value: string): Cursor {
  try {
    const [createdAt, id] = cursorShape.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return { createdAt: new Date(createdAt), id };
  } catch {
    throw new AppError('invalid_request', 'The cursor is not one this API returned.', {
      errors: [{ pointer: '/query/cursor', code: 'invalid_value', message: 'unknown cursor' }],
    });
  }
}

export { paginationQuery } from '@/schemas/pagination';

export function pageOf<T extends { createdAt: Date; id: string }>(rows: T[], limit: number) {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
}
