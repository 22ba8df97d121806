/** Request bodies and queries of the webhook deliveries screen. */
import { z } from 'zod';
import { paginationQuery } from './pagination';

export const listDeliveriesQuery = z
  .object({
    ...paginationQuery,
    eventId: z.string().min(1).max(64).optional(),
    status: z.enum(['pending', 'succeeded', 'failed']).optional(),
  })
  .strict();

export const redeliverEventInput = z.object({ deliveryId: z.string().min(1).max(64) }).strict();
