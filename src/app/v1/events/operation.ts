/** This route's operations in /v1/openapi.json and the typed client (gathered by src/app/operations.ts). */
import { listOf } from '@/schemas/sub-merchant';
import { eventAreaText, eventSchema } from '@/server/openapi/event-schema';
import { listEventsQuery } from '@/server/services/events/list-events';
import type { Operation } from '@/server/openapi/operation';

export const operations: Operation[] = [
  {
    method: 'get',
    path: '/v1/events',
    operationId: 'listEvents',
    summary: 'List events',
    description:
      `The calling platform's events of the last 30 days, newest first, each exactly the body its webhook carried. ${eventAreaText} ` +
      'Follow `nextCursor` while `hasMore` is true, e.g. with `createdAfter` set to when your receiver went down.',
    tag: 'Events',
    serviceCode: 'payments',
    otherServiceCodes: ['miniprogram'],
    auth: 'apiKey',
    query: listEventsQuery,
    responses: { 200: { description: 'A page of events.', schema: listOf(eventSchema, 'EventList') } },
    errors: [400, 401, 403],
  },
];
