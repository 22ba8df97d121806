import { z } from 'zod';

/** The query fields every cursor-paged list takes. */
export const paginationQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
};
