import type { events } from '@/server/db/schema';

type EventRow = Pick<typeof events.$inferSelect, 'id' | 'type' | 'createdAt' | 'data'>;

/**
 * The JSON body pushed for an event (docs/product/decisions.md §6). Built from the stored, immutable event row, so every
 * attempt and every redelivery sends the same bytes: jsonb returns the same key order on each read, and
 * `createdAt` has millisecond precision (set by emitEvent).
 */
export function eventBody(event: EventRow): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });
}
