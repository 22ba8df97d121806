import type { deliveryAttempts, eventDeliveries } from '@/server/db/schema';

type DeliveryRow = typeof eventDeliveries.$inferSelect;
type AttemptRow = typeof deliveryAttempts.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A delivery as shown in the console's delivery log: explicit fields, ISO dates, its attempts oldest first. */
export function toDeliveryDto(row: DeliveryRow, eventType: string, attempts: AttemptRow[]) {
  return {
    id: row.id,
    object: 'event_delivery' as const,
    eventId: row.eventId,
    eventType,
    url: row.url,
    status: row.status,
    attemptCount: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    lastAttemptAt: iso(row.lastAttemptAt),
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      startedAt: a.startedAt.toISOString(),
      durationMs: a.durationMs,
      statusCode: a.statusCode,
      error: a.error,
      responseSnippet: a.responseSnippet,
    })),
  };
}

export type DeliveryDto = ReturnType<typeof toDeliveryDto>;
